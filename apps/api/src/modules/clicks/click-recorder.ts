import { Clock } from '../../common/clock';
import { WebhookEvents } from '../webhooks/webhook-events';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { serviceSecret } from '../../database/settings';
import { CLICKS_ONLY, GROUP_COLUMNS, GROUP_FIELDS, type Click } from './click';
import type { ClickSpool } from './click-spool';
import { LiveClicks } from './live-clicks';

/** Each kind of target: the click's field, its table, its column in the click tables, its two totals. */
const TARGETS = [
  { key: 'linkId', table: 'links', column: 'link_id', total: 'clicks', unique: 'unique_clicks' },
  { key: 'qrId', table: 'qr_codes', column: 'qr_id', total: 'scans', unique: 'unique_scans' },
  { key: 'bioId', table: 'bio_pages', column: 'bio_id', total: 'visits', unique: 'unique_visits' },
  { key: 'blockId', table: 'bio_blocks', column: 'block_id', total: 'clicks', unique: 'unique_clicks' },
] as const satisfies readonly { key: keyof Click; table: string; column: string; total: string; unique: string }[];
type Target = (typeof TARGETS)[number];

const FLUSH_INTERVAL_MS = 1000;
/** Clicks written in one transaction. */
export const MAX_BATCH = 2000;
/** Waits between attempts while the database refuses writes: doubling from 1 s to 30 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;
const DROP_LOG_INTERVAL_MS = 10_000;
const DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'social'] as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const hourOf = (click: Click) => Math.floor(click.at.getTime() / HOUR_MS) * HOUR_MS;

/** People's clicks of a batch on one target and UTC hour with the same values (see GROUP_COLUMNS). */
interface ClickGroup {
  id: number;
  hour: number;
  /** The first of them: its values are the group's. */
  click: Click;
  clicks: number;
}

function groupClicks(clicks: Click[], key: Target['key']): ClickGroup[] {
  const groups = new Map<string, ClickGroup>();
  for (const click of clicks) {
    const hour = hourOf(click);
    // Stored as '' when unknown, so null and '' are one group. (No value holds a line break.)
    const groupKey = `${click[key]}\n${hour}\n${click.country ?? ''}\n${click.referrer ?? ''}\n${click.browser ?? ''}\n${click.os ?? ''}\n${click.device}\n${click.social ?? ''}\n${click.utmSource ?? ''}\n${click.utmMedium ?? ''}\n${click.utmCampaign ?? ''}`;
    const group = groups.get(groupKey);
    if (group) group.clicks += 1;
    else groups.set(groupKey, { id: click[key]!, hour, click, clicks: 1 });
  }
  return [...groups.values()];
}

/** Where the recorder stands, for /healthz and the logs. */
export interface ClickRecorderState {
  /** Clicks held in memory, not yet written. */
  buffered: number;
  /** Batches of clicks on disk (see ClickSpool), not yet written. */
  spooledBatches: number;
  /** Clicks lost since the start: the memory and disk bounds were both reached. */
  dropped: number;
  /** Since when writes fail (ISO time), or null while they succeed. */
  failingSince: string | null;
  lastError: string | null;
}

/** Totals since the start and the oldest click held: what the metrics and `/readyz` read. */
export interface ClickRecorderProgress {
  /** Clicks held in memory, not yet written. */
  buffered: number;
  /** Clicks in batches the database committed. */
  written: number;
  /** Clicks put in the disk spool (memory bound reached, or a stop without database). */
  spooled: number;
  dropped: number;
  spooledBatches: number;
  /** The time (the service clock's) of the oldest click held in memory; null when none is. */
  oldestBufferedAt: number | null;
  /** Since when writes have failed (the service clock's time); null while they succeed. */
  failingSince: number | null;
}

export interface ClickRecorderOptions {
  /** Clicks held in memory at most; past it, whole batches go to the spool (or are dropped). */
  bufferLimit: number;
  /** Disk overflow; null: none (past the memory bound clicks are dropped). */
  spool: ClickSpool | null;
}

export const CLICK_RECORDER_OPTIONS = Symbol('CLICK_RECORDER_OPTIONS');

/**
 * Clicks are recorded off the response path: the redirect only appends to a batch in memory.
 * Full batches queue up; one writer writes them in order, one transaction each (click rows, unique
 * visitors, counters and totals), every second or as soon as a batch is full. When the database
 * refuses, the writer waits (1 s, doubling to 30 s) and retries the oldest batch alone: new clicks
 * never trigger a retry of everything held. Memory is bounded: past `bufferLimit` clicks, the
 * oldest full batches go to the disk spool, and only past the spool's bound are clicks dropped,
 * counted and logged. A clean stop writes what it can and spools the rest; batches from the spool
 * are written once each (their ids are recorded in the same transaction).
 */
@Injectable()
export class ClickRecorder implements OnModuleInit {
  private readonly logger = new Logger(ClickRecorder.name);
  /** The batch being filled. */
  private pending: Click[] = [];
  /** Full batches waiting for the writer, oldest first. */
  private readonly queue: Click[][] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private failingSince: Date | null = null;
  private lastError: string | null = null;
  private dropped = 0;
  private droppedLogged = 0;
  private lastDropLog = 0;
  /** The visitor salt once read (see visitorSalt). */
  salt: string | null = null;
  private stopped = false;
  // For progress(): counted as clicks pass, read when asked.
  private writtenCount = 0;
  private spooledCount = 0;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CLICK_RECORDER_OPTIONS) private readonly options: ClickRecorderOptions,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(WebhookEvents) private readonly webhookEvents: WebhookEvents,
    @Inject(LiveClicks) private readonly live: LiveClicks,
  ) {}

  /** Batches a stopped process left on disk are written from the first drain on. */
  onModuleInit(): void {
    if (this.options.spool && this.options.spool.size.files > 0) this.schedule(FLUSH_INTERVAL_MS);
  }

  /** The secret that makes visitor keys unguessable; one for the whole service, kept in the database. */
  async visitorSalt(): Promise<string> {
    this.salt ??= await serviceSecret(this.dataSource, 'visitor_salt');
    return this.salt;
  }

  progress(): ClickRecorderProgress {
    const oldest = this.queue[0]?.[0] ?? this.pending[0];
    return {
      buffered: this.pending.length + this.queued,
      written: this.writtenCount,
      spooled: this.spooledCount,
      dropped: this.dropped,
      spooledBatches: this.options.spool?.size.files ?? 0,
      oldestBufferedAt: oldest ? oldest.at.getTime() : null,
      failingSince: this.failingSince?.getTime() ?? null,
    };
  }

  state(): ClickRecorderState {
    return {
      buffered: this.pending.length + this.queued,
      spooledBatches: this.options.spool?.size.files ?? 0,
      dropped: this.dropped,
      failingSince: this.failingSince?.toISOString() ?? null,
      lastError: this.lastError,
    };
  }

  record(click: Click): void {
    if (this.stopped) {
      this.drop(1);
      return;
    }
    this.pending.push(click);
    if (this.pending.length >= MAX_BATCH) {
      this.queue.push(this.pending);
      this.queued += this.pending.length;
      this.pending = [];
      this.bound();
      // A full batch is written at once, unless writes are failing (then the retry timer runs).
      if (this.failures === 0) this.schedule(0);
    } else {
      this.schedule(FLUSH_INTERVAL_MS);
    }
  }

  /** Writes everything held now (tests, and the stop), without waiting for the timer. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.running) await this.running;
    await this.drain();
  }

  /** The last flush, on a clean stop; what cannot be written goes to the spool, or is counted lost. */
  async stop(): Promise<void> {
    this.clearTimer();
    if (this.running) await this.running;
    await this.drain();
    this.stopped = true;
    const left = this.takeAll();
    if (left.length === 0) return;
    let saved = 0;
    for (let index = 0; index < left.length; index += MAX_BATCH) {
      const batch = left.slice(index, index + MAX_BATCH);
      if (this.options.spool && (await this.options.spool.put(batch))) saved += batch.length;
      else this.drop(batch.length);
    }
    this.spooledCount += saved;
    this.logger.warn(
      `Stopping with the database unavailable: ${saved} clicks kept on disk for the next start, ${left.length - saved} lost.`,
    );
  }

  private takeAll(): Click[] {
    const all = [...this.queue.flat(), ...this.pending];
    this.queue.length = 0;
    this.queued = 0;
    this.pending = [];
    return all;
  }

  private schedule(delay: number): void {
    if (this.stopped || this.running) return;
    if (this.timer && delay > 0) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, delay);
    this.timer.unref?.();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Keeps memory within bufferLimit: the oldest full batches go to disk, or are dropped. */
  private bound(): void {
    while (this.queued + this.pending.length > this.options.bufferLimit && this.queue.length > 0) {
      const batch = this.queue.shift()!;
      this.queued -= batch.length;
      const spool = this.options.spool;
      if (!spool) {
        this.drop(batch.length);
        continue;
      }
      void spool.put(batch).then((kept) => {
        if (kept) this.spooledCount += batch.length;
        else this.drop(batch.length);
      });
    }
  }

  private drop(count: number): void {
    this.dropped += count;
    const now = Date.now();
    if (now - this.lastDropLog >= DROP_LOG_INTERVAL_MS) {
      this.logger.error(
        `Clicks dropped: ${this.dropped - this.droppedLogged} since the last report (${this.dropped} in all): the database is unavailable and the memory and disk bounds are reached.`,
      );
      this.lastDropLog = now;
      this.droppedLogged = this.dropped;
    }
  }

  /**
   * Writes the queued batches, then the spooled ones, oldest first, until all are written or one
   * fails. Called by the timer, or at once by flush and stop (ignoring the back-off).
   */
  private drain(): Promise<void> {
    if (this.running) return this.running;
    // Cleared in a callback, which always runs after the assignment below, even when there was
    // nothing to write and the drain finished at once.
    const run = this.drainOnce()
      .catch((error: unknown) => this.logger.error(`The click writer failed: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        this.reschedule();
      });
    this.running = run;
    return run;
  }

  private async drainOnce(): Promise<void> {
    if (this.pending.length > 0) {
      this.queue.push(this.pending);
      this.queued += this.pending.length;
      this.pending = [];
    }
    while (this.queue.length > 0) {
      const batch = this.queue[0]!;
      if (!(await this.attempt(() => this.write(batch, null), batch.length))) return;
      this.queue.shift();
      this.queued -= batch.length;
    }
    const spool = this.options.spool;
    while (spool && spool.size.files > 0) {
      const spooled = await spool.take();
      if (!spooled) break;
      if (!(await this.attempt(() => this.write(spooled.clicks, spooled.id), spooled.clicks.length))) {
        await spooled.release();
        return;
      }
      await spooled.done();
    }
  }

  private async attempt(write: () => Promise<void>, size: number): Promise<boolean> {
    try {
      await write();
      if (this.failures > 0) this.logger.warn(`Clicks are written again (after ${this.failures} failed attempts).`);
      this.failures = 0;
      this.failingSince = null;
      this.writtenCount += size;
      this.lastError = null;
      return true;
    } catch (error) {
      this.failures += 1;
      this.failingSince ??= new Date(this.clock.now());
      this.lastError = (error as Error).message;
      if (this.failures === 1 || this.failures % 10 === 0) {
        this.logger.error(`Could not record ${size} clicks (attempt ${this.failures}; kept for a retry): ${this.lastError}`);
      }
      return false;
    }
  }

  private reschedule(): void {
    const waiting = this.pending.length + this.queued > 0 || (this.options.spool?.size.files ?? 0) > 0;
    if (!waiting) return;
    if (this.failures > 0) this.schedule(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.failures - 1)));
    else this.schedule(this.queue.length > 0 ? 0 : FLUSH_INTERVAL_MS);
  }

  /** One transaction; a spooled batch's id is recorded in it, so it is never written twice. */
  private async write(batch: Click[], spoolId: string | null): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    runner.data = { [CLICKS_ONLY]: true };
    try {
      await runner.startTransaction();
      try {
        if (spoolId !== null) {
          const claimed = (await runner.query(`INSERT INTO click_batches (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id`, [
            spoolId,
          ])) as unknown[];
          if (claimed.length === 0) {
            await runner.rollbackTransaction();
            return;
          }
        }
        await this.writeIn(runner.manager, batch);
        await runner.commitTransaction();
        // The dashboard's live streams hear of the clicks once they are written (never of a batch rolled back).
        this.live.written(batch).catch((error: Error) => this.logger.warn(`Live clicks not told: ${error.message}`));
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
    } finally {
      await runner.release();
    }
  }

  private async writeIn(manager: EntityManager, batch: Click[]): Promise<void> {
    const column = <K extends keyof Click>(key: K) => batch.map((click) => click[key]);
    // Clicks whose target was deleted meanwhile are dropped by the joins.
    await manager.query(
      `INSERT INTO clicks (link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
                           utm_source, utm_medium, utm_campaign)
       SELECT c.* FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::text[],
                              $9::text[], $10::text[], $11::text[], $12::bool[], $13::text[], $14::text[], $15::text[], $16::text[])
              AS c(link_id, qr_id, bio_id, block_id, created_at, country, referrer, browser, os, device, social, bot, visitor,
                   utm_source, utm_medium, utm_campaign)
       WHERE EXISTS (SELECT 1 FROM links WHERE links.id = c.link_id)
          OR EXISTS (SELECT 1 FROM qr_codes WHERE qr_codes.id = c.qr_id)
          OR EXISTS (SELECT 1 FROM bio_pages WHERE bio_pages.id = c.bio_id)
          OR EXISTS (SELECT 1 FROM bio_blocks WHERE bio_blocks.id = c.block_id)`,
      [
        column('linkId'),
        column('qrId'),
        column('bioId'),
        column('blockId'),
        column('at'),
        column('country'),
        column('referrer'),
        column('browser'),
        column('os'),
        column('device'),
        column('social'),
        column('bot'),
        column('visitor'),
        column('utmSource'),
        column('utmMedium'),
        column('utmCampaign'),
      ],
    );
    // The webhooks' events of these clicks, in the same transaction (nothing when no webhook wants clicks).
    await this.webhookEvents.recordClicks(manager, batch, new Date(this.clock.now()));

    for (const target of TARGETS) {
      const { key, table, column: idColumn } = target;
      const all = batch.filter((click) => click[key] !== null);
      if (all.length === 0) continue;
      const humans = all.filter((click) => !click.bot);
      // People's clicks are counted through their groups: one per combination, not one per click.
      const groups = groupClicks(humans, key);
      await this.writeHours(manager, target, all, humans, groups);
      if (humans.length === 0) continue;

      // Each (target, visitor) pair once: a batch often holds the same visitor many times.
      const pairs = new Map<string, Click>();
      for (const click of humans) pairs.set(`${click[key]}\n${click.visitor}`, click);
      const visitors = [...pairs.values()];
      const fresh = await manager.query<{ id: number }[]>(
        `INSERT INTO click_visitors (${idColumn}, visitor)
         SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN ${table} t ON t.id = v.id
         ON CONFLICT DO NOTHING RETURNING ${idColumn} AS id`,
        [visitors.map((click) => click[key]), visitors.map((click) => click.visitor)],
      );

      const totals = new Map<number, { clicks: number; uniques: number }>();
      for (const group of groups) {
        const total = totals.get(group.id) ?? { clicks: 0, uniques: 0 };
        total.clicks += group.clicks;
        totals.set(group.id, total);
      }
      for (const { id } of fresh) totals.get(id)!.uniques += 1;
      const [clicksColumn, uniquesColumn] = [target.total, target.unique];
      await manager.query(
        `UPDATE ${table} t SET ${clicksColumn} = t.${clicksColumn} + v.clicks, ${uniquesColumn} = t.${uniquesColumn} + v.uniques
         FROM unnest($1::int[], $2::int[], $3::int[]) AS v(id, clicks, uniques) WHERE t.id = v.id`,
        [[...totals.keys()], [...totals.values()].map((total) => total.clicks), [...totals.values()].map((total) => total.uniques)],
      );

      const counters = new Map<string, { id: number; dimension: string; value: string; count: number }>();
      for (const group of groups) {
        for (const dimension of DIMENSIONS) {
          const value = group.click[dimension];
          if (!value) continue;
          const counterKey = `${group.id}\n${dimension}\n${value}`;
          const counter = counters.get(counterKey) ?? { id: group.id, dimension, value, count: 0 };
          counter.count += group.clicks;
          counters.set(counterKey, counter);
        }
      }
      if (counters.size === 0) continue;
      const rows = [...counters.values()];
      await manager.query(
        `INSERT INTO click_counters (${idColumn}, dimension, value, count)
         SELECT v.id, v.dimension, v.value, v.count
           FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS v(id, dimension, value, count) JOIN ${table} t ON t.id = v.id
         ON CONFLICT (${idColumn}, dimension, value) WHERE ${idColumn} IS NOT NULL
         DO UPDATE SET count = click_counters.count + EXCLUDED.count`,
        [rows.map((row) => row.id), rows.map((row) => row.dimension), rows.map((row) => row.value), rows.map((row) => row.count)],
      );
    }
  }

  /**
   * The rollups (see the click-hours migration): per target and UTC hour the clicks of people,
   * their visitors new to that hour and the bots; the clicks of people per group of what they
   * tell; and per UTC day the clicks of people per value of each dimension. A batch adds a few
   * rows however many clicks it holds.
   */
  private async writeHours(manager: EntityManager, target: Target, all: Click[], humans: Click[], groupRows: ClickGroup[]): Promise<void> {
    const { key, table, column: idColumn } = target;

    // Each (target, hour, visitor) once, the hour sent as text written once per hour.
    const hourTexts = new Map<number, string>();
    const hourText = (hour: number) => {
      let text = hourTexts.get(hour);
      if (text === undefined) hourTexts.set(hour, (text = new Date(hour).toISOString()));
      return text;
    };
    const seen = new Map<string, { id: number; hour: number; visitor: string }>();
    for (const click of humans) {
      const hour = hourOf(click);
      seen.set(`${click[key]}\n${hour}\n${click.visitor}`, { id: click[key]!, hour, visitor: click.visitor });
    }
    const hourVisitors = [...seen.values()];
    const fresh =
      hourVisitors.length === 0
        ? []
        : await manager.query<{ id: number; hour: Date }[]>(
            `INSERT INTO click_hour_visitors (${idColumn}, hour, visitor)
             SELECT v.id, v.hour, v.visitor FROM unnest($1::int[], $2::timestamptz[], $3::text[]) AS v(id, hour, visitor)
               JOIN ${table} t ON t.id = v.id
             ON CONFLICT DO NOTHING RETURNING ${idColumn} AS id, hour`,
            [hourVisitors.map((row) => row.id), hourVisitors.map((row) => hourText(row.hour)), hourVisitors.map((row) => row.visitor)],
          );

    const hours = new Map<string, { id: number; hour: number; clicks: number; visitors: number; bots: number }>();
    const hourRow = (id: number, hour: number) => {
      const hourKey = `${id}\n${hour}`;
      let row = hours.get(hourKey);
      if (!row) hours.set(hourKey, (row = { id, hour, clicks: 0, visitors: 0, bots: 0 }));
      return row;
    };
    for (const group of groupRows) hourRow(group.id, group.hour).clicks += group.clicks;
    for (const click of all) if (click.bot) hourRow(click[key]!, hourOf(click)).bots += 1;
    for (const { id, hour } of fresh) hourRow(id, new Date(hour).getTime()).visitors += 1;
    const hourRows = [...hours.values()];
    await manager.query(
      `INSERT INTO click_hours (${idColumn}, hour, clicks, visitors, bots)
       SELECT v.id, v.hour, v.clicks, v.visitors, v.bots
         FROM unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) AS v(id, hour, clicks, visitors, bots)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, hour) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_hours.clicks + EXCLUDED.clicks, visitors = click_hours.visitors + EXCLUDED.visitors,
                     bots = click_hours.bots + EXCLUDED.bots`,
      [
        hourRows.map((row) => row.id),
        hourRows.map((row) => hourText(row.hour)),
        hourRows.map((row) => row.clicks),
        hourRows.map((row) => row.visitors),
        hourRows.map((row) => row.bots),
      ],
    );
    if (groupRows.length === 0) return;

    const columns = GROUP_FIELDS.map((field) => GROUP_COLUMNS[field]);
    await manager.query(
      `INSERT INTO click_hour_groups (${idColumn}, hour, ${columns.join(', ')}, clicks)
       SELECT v.* FROM unnest($1::int[], $2::timestamptz[], ${columns.map((_, index) => `$${index + 3}::text[]`).join(', ')},
                              $${columns.length + 3}::int[]) AS v(id, hour, ${columns.join(', ')}, clicks)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, hour, ${columns.join(', ')}) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_hour_groups.clicks + EXCLUDED.clicks`,
      [
        groupRows.map((row) => row.id),
        groupRows.map((row) => hourText(row.hour)),
        ...GROUP_FIELDS.map((field) => groupRows.map((row) => row.click[field] ?? '')),
        groupRows.map((row) => row.clicks),
      ],
    );

    const values = new Map<string, { id: number; day: string; dimension: string; value: string; clicks: number }>();
    for (const group of groupRows) {
      const day = hourText(Math.floor(group.hour / DAY_MS) * DAY_MS).slice(0, 10);
      for (const field of GROUP_FIELDS) {
        const value = group.click[field];
        if (!value) continue;
        const valueKey = `${group.id}\n${day}\n${field}\n${value}`;
        const entry = values.get(valueKey);
        if (entry) entry.clicks += group.clicks;
        else values.set(valueKey, { id: group.id, day, dimension: GROUP_COLUMNS[field], value, clicks: group.clicks });
      }
    }
    if (values.size === 0) return;
    const valueRows = [...values.values()];
    await manager.query(
      `INSERT INTO click_day_values (${idColumn}, day, dimension, value, clicks)
       SELECT v.* FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS v(id, day, dimension, value, clicks)
         JOIN ${table} t ON t.id = v.id
       ON CONFLICT (${idColumn}, day, dimension, value) WHERE ${idColumn} IS NOT NULL
       DO UPDATE SET clicks = click_day_values.clicks + EXCLUDED.clicks`,
      [
        valueRows.map((row) => row.id),
        valueRows.map((row) => row.day),
        valueRows.map((row) => row.dimension),
        valueRows.map((row) => row.value),
        valueRows.map((row) => row.clicks),
      ],
    );
  }
}
