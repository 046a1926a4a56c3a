import type { ClickTarget } from '../click';
import type { ClickCopyRepository, StoredClick } from '../click-copy.repository';
import { TARGET_COLUMNS } from '../click-counters';
import type { ClickHouse } from './clickhouse';
import { COUNT_BATCH, countSettledHours, settledAfter } from './clickhouse-reads';
import { GROUP_COLUMN_NAMES } from './clickhouse-schema';
import { int, str } from './clickhouse-sql';

/** Raw clicks per insert, and the batch id's span: `pg:<id / PAGE>`, its place `id % PAGE`. */
const PAGE = 10_000;
/** Hourly rows per insert (their groups go with them). */
const HOURS_PAGE = 5_000;
/** All-time visitors per insert. */
const VISITORS_PAGE = 50_000;
const TARGETS = Object.keys(TARGET_COLUMNS) as ClickTarget[];

export interface CopyProgress {
  /** `settle`: waiting `position` for the copied hours' marks to settle; `count`: hours counted up to `position`. */
  step: 'clicks' | `hours:${ClickTarget}` | `visitors:${ClickTarget}` | 'settle' | 'count';
  copied: number;
  position: string;
}

export interface CopyCheck {
  what: string;
  postgres: number;
  clickhouse: number;
}

/**
 * Copies an installation's clicks from PostgreSQL into ClickHouse, once ClickHouse is its click
 * store (from then on PostgreSQL gets no new raw clicks nor rollups, so what it holds is fixed):
 * the raw clicks (for the export and later), and the hourly rollups, which hold the statistics of
 * every hour, those whose raw clicks CLICK_RETENTION_DAYS removed included. Raw clicks are stored
 * under batches `pg:…`, which the views do not roll up again; rollups under the batch `pg`, with
 * the hour's visitor count PostgreSQL kept; and every target's all-time visitors, into the sets its
 * unique clicks are counted from from then on. A page copied twice (a copy stopped and run again)
 * replaces itself; where each step stands is kept in ClickHouse, so a run goes on from there.
 * Last, the copied hours are counted, as the service counts the hours it writes.
 */
export class ClickHouseCopy {
  constructor(
    private readonly ch: ClickHouse,
    private readonly pg: ClickCopyRepository,
  ) {}

  async run(progress: (step: CopyProgress) => void = () => undefined): Promise<CopyCheck[]> {
    await this.ch.ready();
    const positions = await this.positions();
    let copied = 0;
    for (let after = positions.get('clicks') ?? '0'; ;) {
      const page = await this.pg.clicks(after, PAGE);
      if (page.length === 0) break;
      await this.ch.insert('clicks', page.map(rawRow));
      after = page[page.length - 1]!.id;
      copied += page.length;
      await this.mark('clicks', after);
      progress({ step: 'clicks', copied, position: after });
      if (page.length < PAGE) break;
    }
    for (const target of TARGETS) {
      const step = `hours:${target}` as const;
      const saved = positions.get(step);
      let after = saved ? (JSON.parse(saved) as { id: number; hour: string }) : null;
      let hours = 0;
      for (;;) {
        const page = await this.pg.hours(target, after && { id: after.id, hour: new Date(after.hour) }, HOURS_PAGE);
        if (page.length === 0) break;
        await this.ch.insert(
          'click_hours',
          page.map((row) => ({
            target,
            target_id: row.id,
            hour: seconds(row.hour),
            batch_id: 'pg',
            clicks: row.clicks,
            bots: row.bots,
            visitors_imported: row.visitors,
          })),
        );
        const first = page[0]!;
        const last = page[page.length - 1]!;
        // Their hours marked, to be counted (by the server's clock, as inserts of clicks mark theirs):
        // an hour whose raw clicks PostgreSQL's retention removed has no raw click to mark it.
        await this.ch.command(
          `INSERT INTO ${this.ch.db}.click_hour_totals (target, target_id, hour, kind, clicks, bots, visitors, version)
             SELECT target, target_id, hour, toUInt8(0), toUInt32(0), toUInt32(0), toUInt32(0), toUInt64(now()) FROM ${this.ch.db}.click_hours
              WHERE target = ${str(target)} AND target_id >= ${int(first.id)} AND target_id <= ${int(last.id)} AND batch_id = ${str('pg')}
              GROUP BY target, target_id, hour`,
        );
        const groups = await this.pg.groups(target, first, last);
        if (groups.length > 0) {
          await this.ch.insert(
            'click_hour_groups',
            groups.map((group) => ({
              target,
              target_id: group.id,
              hour: seconds(group.hour),
              batch_id: 'pg',
              ...Object.fromEntries(GROUP_COLUMN_NAMES.map((column) => [column, group[column as keyof typeof group] ?? ''])),
              clicks: group.clicks,
            })),
          );
        }
        after = { id: last.id, hour: last.hour.toISOString() };
        hours += page.length;
        await this.mark(step, JSON.stringify(after));
        progress({ step, copied: hours, position: `${target} ${last.id} ${after.hour}` });
        if (page.length < HOURS_PAGE) break;
      }
    }
    await this.visitors(progress);
    await this.countHours(progress);
    return this.check();
  }

  /**
   * Counts the copied hours (a counted hour is read from one row), month by month: left uncounted,
   * the first read of a year of a link with millions of copied clicks counted every hour at once,
   * past the read's time limit. An hour is counted once its latest mark settled (every insert that
   * marked it is whole), so this first waits for the copy's last marks to settle (the settle time
   * at most; nothing when a run before this one copied them). Hours of the copied span clicked
   * since the switch and not settled yet are left to the service's own counting. How many it counted.
   */
  async countHours(progress: (step: CopyProgress) => void = () => undefined): Promise<number> {
    const db = this.ch.db;
    const [span] = await this.ch.query<{ first: number | string; last: number | string; rows: number | string }>(
      `SELECT toUInt32(min(hour)) AS first, toUInt32(max(hour)) AS last, count() AS rows FROM ${db}.click_hours WHERE batch_id = ${str('pg')}`,
    );
    if (!span || Number(span.rows) === 0) return 0;
    const first = Number(span.first);
    const last = Number(span.last);
    const within = `hour >= toDateTime(${int(first)}, 'UTC') AND hour <= toDateTime(${int(last)}, 'UTC')`;
    const settle = settledAfter(this.ch) + 1;
    const [latest] = await this.ch.query<{ wait: number | string }>(
      `SELECT toInt64(max(version)) + ${int(settle)} - toInt64(toUInt32(now())) AS wait FROM ${db}.click_hour_totals
        WHERE kind = 0 AND ${within}`,
    );
    const wait = Math.min(settle, Math.max(0, Number(latest?.wait ?? 0)));
    if (wait > 0) {
      progress({ step: 'settle', copied: 0, position: `${wait} s` });
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
    let counted = 0;
    for (let month = monthOf(first); month <= last; month = monthAfter(month)) {
      const range = `${within} AND hour >= toDateTime(${int(month)}, 'UTC') AND hour < toDateTime(${int(monthAfter(month))}, 'UTC')`;
      for (;;) {
        const pass = await countSettledHours(this.ch, range);
        counted += pass.counted;
        if (pass.counted > 0) progress({ step: 'count', copied: counted, position: new Date(month * 1000).toISOString().slice(0, 7) });
        // Fewer than a pass takes: every settled hour of the month is counted.
        if (pass.counted < COUNT_BATCH) break;
      }
    }
    return counted;
  }

  /**
   * Every target's all-time visitors PostgreSQL counted (click_visitors, which it keeps without
   * ClickHouse and kept until schema version 5 with it) into the sets ClickHouse counts them from
   * (a visitor added twice is one); from where the last run stopped. The service runs it at start
   * (ClickHouseVisitorsCopy), the copy command with the rest. How many it copied.
   */
  async visitors(progress: (step: CopyProgress) => void = () => undefined): Promise<number> {
    const positions = await this.positions();
    let copied = 0;
    for (const target of TARGETS) {
      const step = `visitors:${target}` as const;
      const saved = positions.get(step);
      let after = saved ? (JSON.parse(saved) as { id: number; visitor: string }) : null;
      let visitors = 0;
      for (;;) {
        const page = await this.pg.visitors(target, after, VISITORS_PAGE);
        if (page.length === 0) break;
        await this.ch.insert(
          'visitors_in',
          page.map((row) => ({ target, target_id: row.id, visitor: row.visitor })),
        );
        after = page[page.length - 1]!;
        visitors += page.length;
        await this.mark(step, JSON.stringify(after));
        progress({ step, copied: visitors, position: `${target} ${after.id}` });
        if (page.length < VISITORS_PAGE) break;
      }
      copied += visitors;
    }
    return copied;
  }

  /** Where each step stands (its last position). */
  private async positions(): Promise<Map<string, string>> {
    return new Map(
      (
        await this.ch.query<{ step: string; position: string }>(
          `SELECT step, argMax(position, seq) AS position FROM ${this.ch.db}.copy_progress GROUP BY step`,
        )
      ).map((row) => [row.step, row.position]),
    );
  }

  /** PostgreSQL's counts beside ClickHouse's copies of them: raw clicks, and each kind's clicks and bots in the rollups. */
  async check(): Promise<CopyCheck[]> {
    const db = this.ch.db;
    const postgres = await this.pg.totals();
    const [raw] = await this.ch.query<{ n: number }>(
      `SELECT count() AS n FROM (SELECT 1 FROM ${db}.clicks WHERE startsWith(batch_id, 'pg:') LIMIT 1 BY batch_id, seq)`,
    );
    const hours = await this.ch.query<{ target: ClickTarget; clicks: number; bots: number }>(
      `SELECT target, sum(c) AS clicks, sum(b) AS bots FROM (
         SELECT target, target_id, hour, any(clicks) AS c, any(bots) AS b FROM ${db}.click_hours WHERE batch_id = ${str('pg')}
          GROUP BY target, target_id, hour
       ) GROUP BY target`,
    );
    const copied = new Map(hours.map((row) => [row.target, row]));
    return [
      { what: 'raw clicks', postgres: postgres.raw, clickhouse: Number(raw?.n ?? 0) },
      ...TARGETS.flatMap((target) => [
        {
          what: `${target}: people's clicks in the hourly rollups`,
          postgres: postgres.hours[target].clicks,
          clickhouse: Number(copied.get(target)?.clicks ?? 0),
        },
        {
          what: `${target}: bots in the hourly rollups`,
          postgres: postgres.hours[target].bots,
          clickhouse: Number(copied.get(target)?.bots ?? 0),
        },
      ]),
    ];
  }

  private async mark(step: string, position: string): Promise<void> {
    await this.ch.insert('copy_progress', [{ step, position, seq: Date.now() * 1000 + (this.sequence++ % 1000) }]);
  }

  private sequence = 0;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The start of the UTC month of `time` (unix seconds), and of the month after: a partition's span. */
function monthOf(time: number): number {
  const date = new Date(time * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}
function monthAfter(month: number): number {
  const date = new Date(month * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

/** A raw click of PostgreSQL as ClickHouse's row, in the batch of its id (`pg:…`, which the views skip). */
function rawRow(click: StoredClick): Record<string, unknown> {
  const id = BigInt(click.id);
  const target: ClickTarget =
    click.link_id !== null
      ? 'link'
      : click.qr_id !== null
        ? 'qr'
        : click.bio_id !== null
          ? 'bio'
          : click.block_id !== null
            ? 'block'
            : 'domain';
  const ms = click.created_at.getTime();
  return {
    target,
    target_id: click.link_id ?? click.qr_id ?? click.bio_id ?? click.block_id ?? click.domain_id,
    at: Math.floor(ms / 1000),
    at_ms: ms % 1000,
    batch_id: `pg:${id / BigInt(PAGE)}`,
    seq: Number(id % BigInt(PAGE)),
    country: click.country,
    referrer: click.referrer,
    browser: click.browser,
    os: click.os,
    device: click.device,
    social: click.social,
    bot: click.bot ? 1 : 0,
    visitor: click.visitor,
    utm_source: click.utm_source,
    utm_medium: click.utm_medium,
    utm_campaign: click.utm_campaign,
    variant: click.variant,
    orphan: click.orphan,
    alias: click.alias,
  };
}
