import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of the clicks and their rollups, each of which names one target per row. */
const CLICK_TABLES = [
  'clicks',
  'click_counters',
  'click_visitors',
  'click_hours',
  'click_hour_groups',
  'click_day_values',
  'click_hour_visitors',
];

/** The unique keys of the rollups but the hourly groups', by table: what a target's rows are unique by, after its id. */
const ROLLUP_KEYS: Record<string, string> = {
  click_counters: 'dimension, value',
  click_visitors: 'visitor',
  click_hours: 'hour',
  click_day_values: 'day, dimension, value',
  click_hour_visitors: 'hour, visitor',
};

/** The targets the hourly groups' unique keys are made for, domains' now among them. */
const GROUP_KEYS = [
  ['click_hour_groups_link_key', 'link_id'],
  ['click_hour_groups_qr_key', 'qr_id'],
  ['click_hour_groups_bio_key', 'bio_id'],
  ['click_hour_groups_block_key', 'block_id'],
  ['click_hour_groups_domain_key', 'domain_id'],
] as const;

const GROUP = 'hour, country, referrer, browser, os, device, social, utm_source, utm_medium, utm_campaign, variant';

/**
 * Orphan visits: a visit on a branded domain that reached no link (its root, an alias no link or
 * page holds, a link expired, over its click limit or not started yet) is recorded in the click
 * tables for the domain (`domain_id`, a target beside links, QR codes and bio pages), with what it
 * was (`orphan`: root, unknown or expired) and the alias asked for (`alias`; '' for the root), both
 * also values of the hourly groups, so the series filter by them and count them as top lists. The
 * domain keeps its totals as a link does (`orphan_visits`, `unique_orphan_visits`).
 */
export class OrphanVisits1766200000000 implements MigrationInterface {
  name = 'OrphanVisits1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE domains ADD COLUMN orphan_visits bigint NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE domains ADD COLUMN unique_orphan_visits bigint NOT NULL DEFAULT 0`);
    for (const table of CLICK_TABLES) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN domain_id integer REFERENCES domains (id) ON DELETE CASCADE`);
      await this.replaceTargetCheck(db, table, 'link_id, qr_id, bio_id, block_id, domain_id');
      const key = ROLLUP_KEYS[table];
      if (table === 'click_hour_groups') continue;
      if (key) await db.query(`CREATE UNIQUE INDEX ${table}_domain_key ON ${table} (domain_id, ${key}) WHERE domain_id IS NOT NULL`);
      else await db.query(`CREATE INDEX ${table}_domain_idx ON ${table} (domain_id, created_at) WHERE domain_id IS NOT NULL`);
    }
    await db.query(`ALTER TABLE clicks ADD COLUMN orphan varchar(7), ADD COLUMN alias varchar(100)`);
    await db.query(
      `ALTER TABLE click_hour_groups ADD COLUMN orphan varchar(7) NOT NULL DEFAULT '', ADD COLUMN alias varchar(100) NOT NULL DEFAULT ''`,
    );
    for (const [name, column] of GROUP_KEYS) {
      await db.query(`DROP INDEX IF EXISTS ${name}`);
      await db.query(`CREATE UNIQUE INDEX ${name} ON click_hour_groups (${column}, ${GROUP}, orphan, alias) WHERE ${column} IS NOT NULL`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of CLICK_TABLES) await db.query(`DELETE FROM ${table} WHERE domain_id IS NOT NULL`);
    await db.query(`DELETE FROM click_day_values WHERE dimension IN ('orphan', 'alias')`);
    for (const [name] of GROUP_KEYS) await db.query(`DROP INDEX IF EXISTS ${name}`);
    await db.query(`ALTER TABLE click_hour_groups DROP COLUMN orphan, DROP COLUMN alias`);
    await db.query(`ALTER TABLE clicks DROP COLUMN orphan, DROP COLUMN alias`);
    for (const table of CLICK_TABLES) {
      await db.query(`ALTER TABLE ${table} DROP COLUMN domain_id`);
      await this.replaceTargetCheck(db, table, 'link_id, qr_id, bio_id, block_id');
    }
    for (const [name, column] of GROUP_KEYS.slice(0, 4)) {
      await db.query(`CREATE UNIQUE INDEX ${name} ON click_hour_groups (${column}, ${GROUP}) WHERE ${column} IS NOT NULL`);
    }
    await db.query(`ALTER TABLE domains DROP COLUMN orphan_visits, DROP COLUMN unique_orphan_visits`);
  }

  /** Replaces a table's check that each row names exactly one target. */
  private async replaceTargetCheck(db: QueryRunner, table: string, columns: string): Promise<void> {
    const checks = (await db.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%link_id%'`,
      [table],
    )) as { conname: string }[];
    for (const { conname } of checks) await db.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
    await db.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_one_target CHECK (num_nonnulls(${columns}) = 1)`);
  }
}
