import { GROUP_COLUMNS, GROUP_FIELDS } from '../click';

/** A click's target, as ClickHouse stores it (the five kinds of Click). */
export const TARGET_TYPE = "Enum8('link' = 1, 'qr' = 2, 'bio' = 3, 'block' = 4, 'domain' = 5)";

/** The columns of the hourly groups (filters and top lists): those of PostgreSQL's click_hour_groups. */
export const GROUP_COLUMN_NAMES: readonly string[] = GROUP_FIELDS.map((field) => GROUP_COLUMNS[field]);

/**
 * Raw clicks copied from PostgreSQL (batches `pg:…`, see the copy command) are not rolled up again:
 * PostgreSQL's own rollups are copied, which hold the hours whose raw clicks its retention removed.
 */
const NOT_COPIED = `NOT startsWith(batch_id, 'pg:')`;

/** A mark at version 0 (older than any count) for every target's hour the hourly rollups hold. */
const MARK_STORED_HOURS = (db: string) =>
  `INSERT INTO ${db}.click_hour_totals (target, target_id, hour, kind, clicks, bots, visitors, version)
     SELECT target, target_id, hour, toUInt8(0), toUInt32(0), toUInt32(0), toUInt32(0), toUInt64(0) FROM ${db}.click_hours
      GROUP BY target, target_id, hour`;

/**
 * The schema's versions, in order; each a list of statements run once (and safe to run again:
 * several instances may start together). Written in what ClickHouse 18.16 takes, which current
 * engines take too: no TTL, no LowCardinality, no DateTime64 (the milliseconds in a column apart).
 *
 * A batch is the unit of retry: every raw click carries its batch's id and its place in it, and the
 * hourly tables keep one row per batch, so a batch sent again (an insert that timed out and was
 * committed anyway) replaces its own rows and is read once: readers take any() per batch before
 * summing. Visitors are sets per hour, which a repeated batch leaves as they were.
 */
export function schemaVersions(db: string): string[][] {
  return [
    [
      `CREATE TABLE IF NOT EXISTS ${db}.clicks (
         target ${TARGET_TYPE}, target_id UInt32,
         at DateTime('UTC'), at_ms UInt16,
         batch_id String, seq UInt16,
         country Nullable(String), referrer Nullable(String), browser Nullable(String), os Nullable(String), device String,
         social Nullable(String), bot UInt8, visitor String,
         utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String),
         variant Nullable(String), orphan Nullable(String), alias Nullable(String)
       ) ENGINE = ReplacingMergeTree
       PARTITION BY toYYYYMM(at)
       PRIMARY KEY (target, target_id, at)
       ORDER BY (target, target_id, at, at_ms, batch_id, seq)`,
      // Per target, UTC hour and batch: people's clicks and bots' (and the visitors of an hour copied
      // from PostgreSQL, which kept their number, not who they were).
      `CREATE TABLE IF NOT EXISTS ${db}.click_hours (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), batch_id String, clicks UInt32, bots UInt32,
         visitors_imported UInt32 DEFAULT 0
       ) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(hour) ORDER BY (target, target_id, hour, batch_id)`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.click_hours_mv TO ${db}.click_hours AS
         SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, batch_id,
                toUInt32(countIf(bot = 0)) AS clicks, toUInt32(countIf(bot = 1)) AS bots, toUInt32(0) AS visitors_imported
           FROM ${db}.clicks WHERE ${NOT_COPIED} GROUP BY target, target_id, hour, batch_id`,
      // Per target and UTC hour: the set of people's visitors (exact). Fed until version 6.
      `CREATE TABLE IF NOT EXISTS ${db}.click_hour_visitors (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), visitors AggregateFunction(uniqExact, String)
       ) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(hour) ORDER BY (target, target_id, hour)`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.click_hour_visitors_mv TO ${db}.click_hour_visitors AS
         SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, uniqExactState(visitor) AS visitors
           FROM ${db}.clicks WHERE bot = 0 AND ${NOT_COPIED} GROUP BY target, target_id, hour`,
      // Per target, UTC hour, batch and combination of what people's clicks tell (filters, top lists).
      `CREATE TABLE IF NOT EXISTS ${db}.click_hour_groups (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), batch_id String,
         ${GROUP_COLUMN_NAMES.map((column) => `${column} String`).join(', ')}, clicks UInt32
       ) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(hour)
       ORDER BY (target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')})`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.click_hour_groups_mv TO ${db}.click_hour_groups AS
         SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, batch_id,
                ${GROUP_COLUMN_NAMES.map((column) => (column === 'device' ? column : `ifNull(${column}, '') AS ${column}`)).join(', ')},
                toUInt32(count()) AS clicks
           FROM ${db}.clicks WHERE bot = 0 AND ${NOT_COPIED}
          GROUP BY target, target_id, hour, batch_id, ${GROUP_COLUMN_NAMES.join(', ')}`,
    ],
    [
      // Where the copy of PostgreSQL's clicks stands, per step (its last position wins).
      `CREATE TABLE IF NOT EXISTS ${db}.copy_progress (step String, position String, seq UInt64)
       ENGINE = ReplacingMergeTree(seq) ORDER BY step`,
    ],
    [
      // An hour's visitors counted once its set stopped changing: merging a year of hourly sets at
      // every read took seconds for a link with millions of clicks. When each target's hour last
      // got people's clicks, and its count with the time it was counted (see ClickHouseReads).
      `CREATE TABLE IF NOT EXISTS ${db}.click_hour_touched (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), touched DateTime('UTC')
       ) ENGINE = ReplacingMergeTree(touched) PARTITION BY toYYYYMM(hour) ORDER BY (target, target_id, hour)`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.click_hour_touched_mv TO ${db}.click_hour_touched AS
         SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, now() AS touched
           FROM ${db}.clicks WHERE bot = 0 AND ${NOT_COPIED} GROUP BY target, target_id, hour`,
      // The hours stored before this version, as touched long ago (so counted at their next read).
      `INSERT INTO ${db}.click_hour_touched SELECT target, target_id, hour, toDateTime(0, 'UTC') FROM ${db}.click_hour_visitors GROUP BY target, target_id, hour`,
      `CREATE TABLE IF NOT EXISTS ${db}.click_hour_visitor_counts (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), visitors UInt32, counted DateTime('UTC')
       ) ENGINE = ReplacingMergeTree(counted) PARTITION BY toYYYYMM(hour) ORDER BY (target, target_id, hour)`,
    ],
    [
      // An hour's clicks, bots and visitors counted once it settled, in one row: summing a year of
      // per-batch rows and visitor sets took hundreds of milliseconds for a link with millions of
      // clicks. Two kinds of row per hour, each replaced only by its own kind: a mark (kind 0) from
      // every insert of clicks in that hour, versioned by the server's clock then; and a count
      // (kind 1), versioned by the latest mark it covers. An hour is stale while its latest mark is
      // newer than its count. See ClickHouseReads.
      `CREATE TABLE IF NOT EXISTS ${db}.click_hour_totals (
         target ${TARGET_TYPE}, target_id UInt32, hour DateTime('UTC'), kind UInt8,
         clicks UInt32, bots UInt32, visitors UInt32, version UInt64
       ) ENGINE = ReplacingMergeTree(version) PARTITION BY toYYYYMM(hour) ORDER BY (target, target_id, hour, kind)`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.click_hour_totals_mv TO ${db}.click_hour_totals AS
         SELECT target, target_id, toStartOfHour(at, 'UTC') AS hour, toUInt8(0) AS kind, toUInt32(0) AS clicks, toUInt32(0) AS bots,
                toUInt32(0) AS visitors, toUInt64(now()) AS version
           FROM ${db}.clicks GROUP BY target, target_id, hour`,
      // The hours stored before this version, marked long ago (so counted after their next read).
      // An insert under way as the view is made, whose rows land after this reads them, leaves its
      // hour unmarked (out of unfiltered series) until that hour's next click: a window of the
      // upgrade's milliseconds. Version 3's tables stay, for instances of the previous release
      // during a rolling upgrade (version 5 drops them).
      MARK_STORED_HOURS(db),
    ],
    [
      // Per target, the set of its people's visitors for ever, as `uniq`'s state (an estimate: see
      // allTimeVisitors): the all-time unique clicks a target's row in PostgreSQL shows, which a
      // row per visitor in PostgreSQL bounded the write path at. Fed by people's clicks, and by the
      // visitors PostgreSQL counted before (ClickHouseCopy.visitors, at start and by the copy
      // command: `visitors_in` keeps nothing; its view adds them). Those are every visitor of the
      // clicks stored here until this version, so there is nothing else to fill it from. Small
      // granules: a batch reads the sets of a few hundred scattered targets, each up to 256 kB.
      `CREATE TABLE IF NOT EXISTS ${db}.target_visitors (
         target ${TARGET_TYPE}, target_id UInt32, visitors AggregateFunction(uniq, String)
       ) ENGINE = AggregatingMergeTree ORDER BY (target, target_id) SETTINGS index_granularity = 128`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.target_visitors_mv TO ${db}.target_visitors AS
         SELECT target, target_id, uniqState(visitor) AS visitors FROM ${db}.clicks WHERE bot = 0 AND ${NOT_COPIED} GROUP BY target, target_id`,
      `CREATE TABLE IF NOT EXISTS ${db}.visitors_in (target ${TARGET_TYPE}, target_id UInt32, visitor String) ENGINE = Null`,
      `CREATE MATERIALIZED VIEW IF NOT EXISTS ${db}.visitors_in_mv TO ${db}.target_visitors AS
         SELECT target, target_id, uniqState(visitor) AS visitors FROM ${db}.visitors_in GROUP BY target, target_id`,
      // Version 3's tables: the previous release (version 4) no longer read them, and their view
      // was one more for every insert to feed.
      `DROP TABLE IF EXISTS ${db}.click_hour_touched_mv`,
      `DROP TABLE IF EXISTS ${db}.click_hour_touched`,
      `DROP TABLE IF EXISTS ${db}.click_hour_visitor_counts`,
    ],
    [
      // An hour's visitors are counted from its raw clicks (ordered by target and time: a range of
      // the table), once, when it settles (see hourParts): the hourly sets' view was a seventh of
      // every insert's time, for sets read about once per hour. The table stays, no longer fed, for
      // instances of the previous release during a rolling upgrade (docs/clicks-over-time.md).
      `DROP TABLE IF EXISTS ${db}.click_hour_visitors_mv`,
    ],
  ];
}
