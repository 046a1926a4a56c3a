import type { ClickTarget } from '../click';
import type { ClickCopyRepository, StoredClick } from '../click-copy.repository';
import { TARGET_COLUMNS } from '../click-counters';
import type { ClickHouse } from './clickhouse';
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
  step: 'clicks' | `hours:${ClickTarget}` | `visitors:${ClickTarget}`;
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
    return this.check();
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
