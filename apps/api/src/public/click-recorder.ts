import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { CLICKS_ONLY } from './redirect-cache';
import type { Visit } from './visitor';

export interface Click extends Omit<Visit, 'targetDevice' | 'languages'> {
  linkId: number | null;
  qrId: number | null;
  at: Date;
}

const FLUSH_INTERVAL_MS = 1000;
const MAX_BATCH = 2000;
const DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'social'] as const;

/**
 * Clicks are recorded off the response path: the redirect only appends to a buffer, which is
 * written in batches (one transaction: click rows, unique visitors, counters and totals) every
 * second or when it is full, and flushed once more on a clean stop.
 */
@Injectable()
export class ClickRecorder {
  private readonly logger = new Logger(ClickRecorder.name);
  private buffer: Click[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** The visitor salt once read (see visitorSalt). */
  salt: string | null = null;
  private stopped = false;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The secret that makes visitor keys unguessable; one for the whole service, kept in the database. */
  async visitorSalt(): Promise<string> {
    if (this.salt) return this.salt;
    await this.dataSource.query(`INSERT INTO settings (name, value) VALUES ('visitor_salt', $1) ON CONFLICT (name) DO NOTHING`, [
      randomBytes(32).toString('hex'),
    ]);
    const [row] = (await this.dataSource.query(`SELECT value FROM settings WHERE name = 'visitor_salt'`)) as { value: string }[];
    this.salt = row!.value;
    return this.salt;
  }

  record(click: Click): void {
    this.buffer.push(click);
    if (this.buffer.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Writes what is buffered; batches are written one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      this.write(batch).catch((error: unknown) => {
        // Keep the clicks for the next flush rather than lose them.
        this.logger.error(`Could not record ${batch.length} clicks: ${(error as Error).message}`);
        if (!this.stopped) {
          this.buffer.unshift(...batch);
          this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS * 5);
        }
      }),
    );
    return this.flushing;
  }

  /** The last flush, on a clean stop. */
  async stop(): Promise<void> {
    await this.flush();
    this.stopped = true;
  }

  private async write(batch: Click[]): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    runner.data = { [CLICKS_ONLY]: true };
    await runner.startTransaction();
    try {
      await this.writeIn(runner.manager, batch);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  private async writeIn(manager: EntityManager, batch: Click[]): Promise<void> {
    const column = <K extends keyof Click>(key: K) => batch.map((click) => click[key]);
    // Clicks whose link or QR code was deleted meanwhile are dropped by the joins.
    await manager.query(
      `INSERT INTO clicks (link_id, qr_id, created_at, country, referrer, browser, os, device, social, bot, visitor)
       SELECT c.* FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::text[], $10::bool[], $11::text[])
              AS c(link_id, qr_id, created_at, country, referrer, browser, os, device, social, bot, visitor)
       WHERE EXISTS (SELECT 1 FROM links WHERE links.id = c.link_id)
          OR EXISTS (SELECT 1 FROM qr_codes WHERE qr_codes.id = c.qr_id)`,
      [
        column('linkId'),
        column('qrId'),
        column('at'),
        column('country'),
        column('referrer'),
        column('browser'),
        column('os'),
        column('device'),
        column('social'),
        column('bot'),
        column('visitor'),
      ],
    );

    const humans = batch.filter((click) => !click.bot);
    if (humans.length === 0) return;
    for (const target of ['link', 'qr'] as const) {
      const key = target === 'link' ? 'linkId' : 'qrId';
      const clicks = humans.filter((click) => click[key] !== null);
      if (clicks.length === 0) continue;
      const table = target === 'link' ? 'links' : 'qr_codes';
      const idColumn = `${target}_id`;

      const fresh = (await manager.query(
        `INSERT INTO click_visitors (${idColumn}, visitor)
         SELECT v.id, v.visitor FROM unnest($1::int[], $2::text[]) AS v(id, visitor) JOIN ${table} t ON t.id = v.id
         ON CONFLICT DO NOTHING RETURNING ${idColumn} AS id`,
        [clicks.map((click) => click[key]), clicks.map((click) => click.visitor)],
      )) as { id: number }[];

      const totals = new Map<number, { clicks: number; uniques: number }>();
      for (const click of clicks) {
        const total = totals.get(click[key]!) ?? { clicks: 0, uniques: 0 };
        total.clicks += 1;
        totals.set(click[key]!, total);
      }
      for (const { id } of fresh) totals.get(id)!.uniques += 1;
      const [clicksColumn, uniquesColumn] = target === 'link' ? ['clicks', 'unique_clicks'] : ['scans', 'unique_scans'];
      await manager.query(
        `UPDATE ${table} t SET ${clicksColumn} = t.${clicksColumn} + v.clicks, ${uniquesColumn} = t.${uniquesColumn} + v.uniques
         FROM unnest($1::int[], $2::int[], $3::int[]) AS v(id, clicks, uniques) WHERE t.id = v.id`,
        [[...totals.keys()], [...totals.values()].map((total) => total.clicks), [...totals.values()].map((total) => total.uniques)],
      );

      const counters = new Map<string, { id: number; dimension: string; value: string; count: number }>();
      for (const click of clicks) {
        for (const dimension of DIMENSIONS) {
          const value = click[dimension];
          if (!value) continue;
          const counterKey = `${click[key]}\n${dimension}\n${value}`;
          const counter = counters.get(counterKey) ?? { id: click[key]!, dimension, value, count: 0 };
          counter.count += 1;
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
}
