import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../../database/sql';
import { GROUP_COLUMNS, GROUP_FIELDS, type ClickTarget } from './click';
import { TARGET_COLUMNS } from './click-counters';

/** A raw click as PostgreSQL keeps it, for the copy to ClickHouse. */
export interface StoredClick {
  id: string;
  link_id: number | null;
  qr_id: number | null;
  bio_id: number | null;
  block_id: number | null;
  domain_id: number | null;
  created_at: Date;
  country: string | null;
  referrer: string | null;
  browser: string | null;
  os: string | null;
  device: string;
  social: string | null;
  bot: boolean;
  visitor: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  variant: string | null;
  orphan: string | null;
  alias: string | null;
}

/** An hour of a target's rollups. */
export interface StoredHour {
  id: number;
  hour: Date;
  clicks: number;
  visitors: number;
  bots: number;
}

/** A group of an hour: its values (GROUP_COLUMNS) and people's clicks. */
export type StoredGroup = { id: number; hour: Date; clicks: number } & Record<(typeof GROUP_COLUMNS)[keyof typeof GROUP_COLUMNS], string>;

const GROUP_COLUMN_LIST = GROUP_FIELDS.map((field) => GROUP_COLUMNS[field]).join(', ');

/**
 * What the copy of an installation's clicks to ClickHouse reads from PostgreSQL, a page at a time
 * in the order of each table's key (so a copy stopped half way goes on from where it was): the
 * raw clicks by id, each target's hourly rollups by (target, hour), and their groups between two
 * of those hours, and each target's all-time visitors by (target, visitor).
 */
@Injectable()
export class ClickCopyRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Raw clicks after the id `after` ('0': from the first), `limit` of them, by id. */
  @Sql(() => ['0', 1000])
  clicks(after: string, limit: number): Promise<StoredClick[]> {
    return this.dataSource.query<StoredClick[]>(
      `SELECT id::text AS id, link_id, qr_id, bio_id, block_id, domain_id, created_at, country, referrer, browser, os, device, social, bot,
              visitor, utm_source, utm_medium, utm_campaign, variant, orphan, alias
         FROM clicks WHERE id > $1::bigint ORDER BY id LIMIT ${Number(limit)}`,
      [after],
    );
  }

  /** A target kind's hourly rows after (its id, its hour), `limit` of them, in that order. */
  @Sql(() => ['link', null, 1000], () => ['domain', { id: 1, hour: new Date('2026-01-01T10:00:00Z') }, 1000])
  hours(target: ClickTarget, after: { id: number; hour: Date } | null, limit: number): Promise<StoredHour[]> {
    const column = TARGET_COLUMNS[target];
    return this.dataSource.query<StoredHour[]>(
      `SELECT ${column} AS id, hour, clicks, visitors, bots FROM click_hours
        WHERE ${column} IS NOT NULL AND ($1::int IS NULL OR (${column}, hour) > ($1::int, $2::timestamptz))
        ORDER BY ${column}, hour LIMIT ${Number(limit)}`,
      [after?.id ?? null, after?.hour ?? null],
    );
  }

  /** The groups of a target kind's hours from (id, hour) to (id, hour), both included. */
  @Sql(() => ['qr', { id: 1, hour: new Date('2026-01-01T10:00:00Z') }, { id: 2, hour: new Date('2026-01-01T11:00:00Z') }])
  groups(target: ClickTarget, from: { id: number; hour: Date }, to: { id: number; hour: Date }): Promise<StoredGroup[]> {
    const column = TARGET_COLUMNS[target];
    return this.dataSource.query<StoredGroup[]>(
      `SELECT ${column} AS id, hour, ${GROUP_COLUMN_LIST}, clicks FROM click_hour_groups
        WHERE ${column} IS NOT NULL AND (${column}, hour) >= ($1::int, $2::timestamptz) AND (${column}, hour) <= ($3::int, $4::timestamptz)`,
      [from.id, from.hour, to.id, to.hour],
    );
  }

  /** A target kind's all-time visitors after (its id, a visitor), `limit` of them, in that order (click_visitors' unique key). */
  @Sql(() => ['link', null, 1000], () => ['bio', { id: 1, visitor: 'v' }, 1000])
  visitors(target: ClickTarget, after: { id: number; visitor: string } | null, limit: number): Promise<{ id: number; visitor: string }[]> {
    const column = TARGET_COLUMNS[target];
    // Compared as the column's type (char), so that its unique index narrows to what follows.
    return this.dataSource.query<{ id: number; visitor: string }[]>(
      `SELECT ${column} AS id, visitor FROM click_visitors
        WHERE ${column} IS NOT NULL${after ? ` AND (${column}, visitor) > ($1::int, $2::bpchar)` : ''}
        ORDER BY ${column}, visitor LIMIT ${Number(limit)}`,
      after ? [after.id, after.visitor] : [],
    );
  }

  /** What the copy is checked against: the raw clicks, and each target kind's clicks and bots in its rollups. */
  @Sql(() => [])
  async totals(): Promise<{ raw: number; hours: Record<ClickTarget, { clicks: number; bots: number }> }> {
    const [row] = await this.dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM clicks)::text AS raw,
              ${Object.entries(TARGET_COLUMNS)
                .map(
                  ([target, column]) =>
                    `(SELECT coalesce(sum(clicks), 0) FROM click_hours WHERE ${column} IS NOT NULL)::text AS ${target}_clicks,
                     (SELECT coalesce(sum(bots), 0) FROM click_hours WHERE ${column} IS NOT NULL)::text AS ${target}_bots`,
                )
                .join(', ')}`,
    );
    const hours = Object.fromEntries(
      Object.keys(TARGET_COLUMNS).map((target) => [
        target,
        { clicks: Number(row![`${target}_clicks`]), bots: Number(row![`${target}_bots`]) },
      ]),
    ) as Record<ClickTarget, { clicks: number; bots: number }>;
    return { raw: Number(row!.raw), hours };
  }
}
