import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Raw clicks partitioned by month (UTC) with PostgreSQL's declarative partitioning: `clicks` keeps
 * its name, columns, checks, foreign keys and indexes, and its rows live in `clicks_YYYY_MM`, one
 * table per month, with `clicks_default` for a click of a month that has no table yet. The
 * retention drops a whole month at a time; a series of a month reads that month's table only.
 * The primary key becomes (id, created_at), as a partitioned table's keys hold its partition key.
 *
 * Every click already recorded is moved in the same transaction: tables for every month from the
 * oldest click to two months ahead, then the rows. The service keeps creating the months ahead
 * (ClickRetention). The rollups (hours, days, counters) stay as they are: one row per target and
 * hour or day, read by target, they gain nothing from it.
 */
export class ClickPartitions1765000000000 implements MigrationInterface {
  name = 'ClickPartitions1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE clicks RENAME TO clicks_unpartitioned`);
    await db.query(`ALTER TABLE clicks_unpartitioned RENAME CONSTRAINT clicks_pkey TO clicks_unpartitioned_pkey`);
    const indexes = await this.indexesOf(db, 'clicks_unpartitioned');
    const foreignKeys = await this.foreignKeysOf(db, 'clicks_unpartitioned');
    for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);

    await db.query(
      `CREATE TABLE clicks (LIKE clicks_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)`,
    );
    await db.query(`ALTER SEQUENCE clicks_id_seq OWNED BY clicks.id`);
    await db.query(`ALTER TABLE clicks ADD CONSTRAINT clicks_pkey PRIMARY KEY (id, created_at)`);
    await db.query(`
      DO $$
      DECLARE month timestamp;
      BEGIN
        FOR month IN SELECT generate_series(
          date_trunc('month', least(coalesce((SELECT min(created_at) FROM clicks_unpartitioned), now()), now()) AT TIME ZONE 'UTC'),
          date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
          interval '1 month')
        LOOP
          EXECUTE format('CREATE TABLE %I PARTITION OF clicks FOR VALUES FROM (%L) TO (%L)',
            'clicks_' || to_char(month, 'YYYY_MM'), month || '+00', (month + interval '1 month') || '+00');
        END LOOP;
      END $$`);
    await db.query(`CREATE TABLE clicks_default PARTITION OF clicks DEFAULT`);
    await db.query(`INSERT INTO clicks SELECT * FROM clicks_unpartitioned`);
    await db.query(`DROP TABLE clicks_unpartitioned`);
    for (const { definition } of indexes) await db.query(onClicks(definition, 'clicks_unpartitioned'));
    for (const { name, definition } of foreignKeys) await db.query(`ALTER TABLE clicks ADD CONSTRAINT ${name} ${definition}`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE clicks RENAME TO clicks_partitioned`);
    await db.query(`ALTER TABLE clicks_partitioned RENAME CONSTRAINT clicks_pkey TO clicks_partitioned_pkey`);
    const indexes = await this.indexesOf(db, 'clicks_partitioned');
    const foreignKeys = await this.foreignKeysOf(db, 'clicks_partitioned');
    for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
    await db.query(`CREATE TABLE clicks (LIKE clicks_partitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await db.query(`ALTER SEQUENCE clicks_id_seq OWNED BY clicks.id`);
    await db.query(`ALTER TABLE clicks ADD CONSTRAINT clicks_pkey PRIMARY KEY (id)`);
    await db.query(`INSERT INTO clicks SELECT * FROM clicks_partitioned`);
    await db.query(`DROP TABLE clicks_partitioned`);
    for (const { definition } of indexes) await db.query(onClicks(definition, 'clicks_partitioned'));
    for (const { name, definition } of foreignKeys) await db.query(`ALTER TABLE clicks ADD CONSTRAINT ${name} ${definition}`);
  }

  /** The table's indexes but its primary key: names and statements. */
  private async indexesOf(db: QueryRunner, table: string): Promise<{ name: string; definition: string }[]> {
    return (await db.query(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = $1 AND indexname NOT LIKE '%pkey' ORDER BY indexname`,
      [table],
    )) as { name: string; definition: string }[];
  }

  /** The table's foreign keys: names and definitions. */
  private async foreignKeysOf(db: QueryRunner, table: string): Promise<{ name: string; definition: string }[]> {
    return (await db.query(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
      [table],
    )) as { name: string; definition: string }[];
  }
}

/** An index's statement, for the same index on `clicks` (a partitioned table's reads `ON ONLY`). */
function onClicks(definition: string, table: string): string {
  return definition.replace(new RegExp(` ON (ONLY )?public\\.${table} `), ' ON clicks ');
}
