// The click write path alone, on PostgreSQL: the batches the click writer sends (2,000 clicks, the
// click rows, the visitors, the totals and the rollups in one transaction), written by one process
// and then by two at once (two instances sharing one database), and how a writer's rate and a
// year-by-hour series read change as the clicks table grows (seeded in SQL, not replayed).
// With CLICKHOUSE_URL, the same batches the way the writer sends them with ClickHouse as the click
// store (ClickHouse's insert, then PostgreSQL's half, through the recorder), ClickHouse's insert alone, its server alone
// (the batches' text made beforehand), and a year by hour
// of a link holding `--sizes` clicks there, in the same run.
//
//   DATABASE_URL=postgres://... [CLICKHOUSE_URL=http://...:8123/db] node bench/write-path.mjs [--sizes 1000000,10000000] [--seconds 15] [--rounds 3]
//   (`--sizes ''`: the write rates alone; `--rounds`: pairs of one PostgreSQL writer and one
//   ClickHouse writer run one after the other, each pair a ratio; BENCH_NO_PREPARE=1: the recorder's batches one at a time,
//   without the next batch's insert beside a batch's PostgreSQL half, for comparison)
//
// Needs the built service (pnpm build). It makes a database of its own beside DATABASE_URL's and
// drops it at the end; ClickHouse's database is CLICKHOUSE_URL's (use a throw-away one). Nothing
// but those two servers is addressed.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const dist = new URL('../apps/api/dist/', import.meta.url).pathname;
const { DataSource } = require(require.resolve('typeorm', { paths: [dist] }));
const { serviceConnection } = require(`${dist}database/data-source.js`);
const { StartupLock } = require(`${dist}database/migrate.js`);
const { ClicksRepository } = require(`${dist}modules/clicks/clicks.repository.js`);
const { WriteEvents } = require(`${dist}database/write-events.js`);
const { ClickReadsRepository } = require(`${dist}modules/clicks/click-reads.repository.js`);
const { ClickHouse } = require(`${dist}modules/clicks/clickhouse/clickhouse.js`);
const { clickRows, ClickHouseReads } = require(`${dist}modules/clicks/clickhouse/clickhouse-reads.js`);
const { ClickRecorder, newBatchId, MAX_BATCH, CLICKHOUSE_BATCH } = require(`${dist}modules/clicks/click-recorder.js`);
const { ClickWriter } = require(`${dist}modules/clicks/click-writer.js`);
const { UniqueCounts } = require(`${dist}modules/clicks/clickhouse/unique-counts.js`);
const { HourCounts } = require(`${dist}modules/clicks/clickhouse/hour-counts.js`);
const { SystemClock } = require(`${dist}common/clock.js`);
const { tsvLines } = require(`${dist}modules/clicks/clickhouse/clickhouse-sql.js`);
const { Client } = require(require.resolve('pg', { paths: [dist] }));

const LINKS = 1000;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000000,10000000' },
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    writer: { type: 'string' },
    store: { type: 'string', default: 'postgres' },
  },
});
const seconds = Number(values.seconds);
const sizes = values.sizes.split(',').filter(Boolean).map(Number);

/** `poolSize` 3 for the service's click writer with ClickHouse: a batch's transaction, the next batch's check, a unique count. */
async function open(url, poolSize = 2) {
  return new DataSource({ ...serviceConnection({ url }, 60_000), poolSize }).initialize();
}

/**
 * A batch of `size` clicks of now, over the links, from different visitors. Their ids are cut from
 * one random buffer: a call per click took a fifth of a ClickHouse writer's time here, making the
 * batch rather than writing it (the service makes a visitor's id on the redirect, not the writer).
 */
function batchOf(linkIds, round, size) {
  const at = new Date();
  const ids = randomBytes(16 * size).toString('hex');
  return Array.from({ length: size }, (_, index) => ({
    linkId: linkIds[(round * size + index) % linkIds.length],
    qrId: null,
    bioId: null,
    blockId: null,
    at,
    country: ['FR', 'DE', 'US', 'GB'][index % 4],
    referrer: index % 3 === 0 ? 'news.example.org' : null,
    browser: index % 2 ? 'Firefox' : 'Chrome',
    os: 'Linux',
    device: 'desktop',
    social: null,
    bot: index % 50 === 0,
    visitor: ids.slice(32 * index, 32 * index + 32),
    utmSource: index % 5 === 0 ? 'newsletter' : null,
    utmMedium: null,
    utmCampaign: null,
    variant: null,
    domainId: null,
    orphan: null,
    alias: null,
  }));
}

/**
 * One writer process: writes batches for `seconds` as the click writer does for `store`, says how
 * many clicks it wrote. `postgres`: the whole batch in PostgreSQL; `postgres-large`: the same in
 * ClickHouse's batch size (not what the recorder does: for comparison); `clickhouse`: the raw
 * clicks in ClickHouse (CLICKHOUSE_URL), then PostgreSQL's half (totals, counters), by the
 * service's own recorder and click writer (ClickRecorder, fed faster than it writes, so that the
 * next batch's insert runs beside a batch's transaction; ClickWriter, which first checks the batch's
 * targets still exist), the all-time unique counts read from ClickHouse beside it (UniqueCounts:
 * once a second, less often while reads are slow), as in the service; `clickhouse-only`:
 * ClickHouse's insert alone; `clickhouse-server`: the same batches' text, made before the time is
 * taken (distinct batches, as many as about 300,000 clicks a second need), sent one after the
 * other: what ClickHouse's server takes when the writer's own work is left out.
 */
async function writer(url, store) {
  const dataSource = await open(url, store === 'clickhouse' ? 3 : 2);
  const clicks = new ClicksRepository(dataSource, new WriteEvents(dataSource));
  const clickhouse = store.startsWith('postgres') ? null : new ClickHouse(process.env.CLICKHOUSE_URL, 60_000);
  const linkIds = (await dataSource.query('SELECT id FROM links ORDER BY id')).map((row) => row.id);
  await clickhouse?.ready();
  const texts = [];
  let columns = [];
  if (store === 'clickhouse-server') {
    for (let made = 0; made < seconds * 300_000; made += CLICKHOUSE_BATCH) {
      const rows = clickRows(batchOf(linkIds, texts.length, CLICKHOUSE_BATCH), newBatchId());
      columns = Object.keys(rows[0]);
      texts.push(Buffer.from(tsvLines(rows, columns, 0, rows.length)));
    }
  }
  // How long the writer held its event loop at most (what a redirect served beside it would wait).
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const until = Date.now() + seconds * 1000;
  let written = 0;
  let round = 0;
  const started = Date.now();
  if (store === 'clickhouse') {
    // The service's own click writer (without webhooks or live streams to tell).
    const clickWriter = new ClickWriter(
      clicks,
      { recordClicks: async () => undefined },
      { written: async () => undefined },
      new SystemClock(),
      { written: () => undefined },
      clickhouse,
      new UniqueCounts(clickhouse, clicks),
      new HourCounts(clickhouse),
    );
    // Fed by the service's recorder as redirects would feed it, faster than it writes: two batches
    // queued behind the one being written (the next one's insert then starts beside its transaction).
    const recorder = new ClickRecorder(
      process.env.BENCH_NO_PREPARE ? { write: (...args) => clickWriter.write(...args), settle: () => clickWriter.settle() } : clickWriter,
      { bufferLimit: 4 * CLICKHOUSE_BATCH, batchSize: CLICKHOUSE_BATCH, spool: null },
      new SystemClock(),
    );
    // A thousand clicks at a time, the event loop free between (as redirects come).
    while (Date.now() < until) {
      if (recorder.progress().buffered >= 3 * CLICKHOUSE_BATCH) await new Promise((resolve) => setTimeout(resolve, 2));
      else {
        for (const click of batchOf(linkIds, round++, 1000)) recorder.record(click);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await recorder.flush();
    written = recorder.progress().written;
    // The unique counts of the last batches too (read meanwhile as the service does), within the time taken.
    await clickWriter.settle();
  }
  while (texts.length > 0 && Date.now() < until) {
    // Past the batches made, the first ones again (the same rows, which the server's merges then
    // collapse): said in the result.
    await clickhouse.insertText('clicks', columns, [texts[round % texts.length]]);
    round += 1;
    written += CLICKHOUSE_BATCH;
  }
  while (texts.length === 0 && Date.now() < until) {
    const batch = batchOf(linkIds, round++, store === 'postgres' ? MAX_BATCH : CLICKHOUSE_BATCH);
    if (clickhouse) await clickhouse.insert('clicks', clickRows(batch, newBatchId()));
    else await clicks.writeBatch(batch, null, undefined, { rollups: true });
    written += batch.length;
  }
  const elapsed = (Date.now() - started) / 1000;
  delay.disable();
  await dataSource.destroy();
  await clickhouse?.close();
  return { written, elapsed, stall: delay.max / 1e6, repeated: texts.length > 0 ? Math.max(0, round - texts.length) : 0 };
}

/**
 * `count` writer processes at once; clicks per second of all of them together. `stalls` gets the
 * longest any of them held its event loop, in ms.
 */
async function writers(url, count, store = 'postgres', stalls = []) {
  const runs = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const child = fork(new URL(import.meta.url).pathname, ['--writer', url, '--seconds', String(seconds), '--store', store]);
          child.once('message', resolve);
          child.once('error', reject);
          child.once('exit', (code) => reject(new Error(`a writer ended with exit code ${code}`)));
        }),
    ),
  );
  const repeated = runs.reduce((sum, run) => sum + run.repeated, 0);
  if (repeated > 0) console.log(`(${repeated} batches sent a second time: the server took more than the batches made)`);
  const written = runs.reduce((sum, run) => sum + run.written, 0);
  const elapsed = Math.max(...runs.map((run) => run.elapsed));
  stalls.push(Math.max(...runs.map((run) => run.stall)));
  return Math.round(written / elapsed);
}

/** Raw clicks up to `total` rows, over the links and the past year, with their hourly rollups. */
async function seedTo(client, total) {
  const [{ count }] = (await client.query('SELECT count(*)::bigint AS count FROM clicks')).rows;
  const missing = total - Number(count);
  for (let done = 0; done < missing; done += 1_000_000) {
    const size = Math.min(1_000_000, missing - done);
    await client.query(
      `WITH l AS (SELECT array_agg(id ORDER BY id) AS ids FROM links)
       INSERT INTO clicks (link_id, created_at, country, browser, os, device, bot, visitor)
       SELECT l.ids[1 + (i % array_length(l.ids, 1))], now() - ((i * 7919) % 31536000) * interval '1 second',
              'FR', 'Firefox', 'Linux', 'desktop', false, md5(i::text)
       FROM l, generate_series($1::bigint, $2::bigint) i`,
      [Number(count) + done, Number(count) + done + size - 1],
    );
  }
  await client.query('TRUNCATE click_hours');
  await client.query(
    `INSERT INTO click_hours (link_id, hour, clicks, visitors, bots)
     SELECT link_id, date_trunc('hour', created_at), count(*), count(*), 0 FROM clicks GROUP BY 1, 2`,
  );
  await client.query('ANALYZE');
}

/** A year by hour of the most clicked link, read as GET /url/{id}/stats reads it: p50 and max of 20 reads in ms. */
async function seriesRead(url) {
  const dataSource = await open(url);
  const reads = new ClickReadsRepository(dataSource);
  const [{ link }] = await dataSource.query('SELECT link_id AS link FROM click_hours GROUP BY 1 ORDER BY sum(clicks) DESC LIMIT 1');
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const times = [];
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    await reads.series({ link }, { from, to, interval: 'hour', tz: 'UTC', tzName: 'UTC', filters: {} });
    times.push(performance.now() - started);
  }
  await dataSource.destroy();
  times.sort((a, b) => a - b);
  return { p50: times[10].toFixed(1), max: times[19].toFixed(1) };
}

/**
 * ClickHouse's raw clicks of one link up to `total`, over the past year (made by the server, through
 * the views as the writer's inserts go), then a year by hour of that link read as the API reads it:
 * p50 and p99 of 100 reads in ms.
 */
async function clickhouseSeries(total) {
  const clickhouse = new ClickHouse(process.env.CLICKHOUSE_URL, 600_000);
  await clickhouse.ready();
  const db = clickhouse.db;
  const [{ count }] = await clickhouse.query(`SELECT count() AS count FROM ${db}.clicks WHERE startsWith(batch_id, 'seed:')`);
  const started = Date.now();
  for (let done = Number(count); done < total; done += 1_000_000) {
    const size = Math.min(1_000_000, total - done);
    await clickhouse.command(
      `INSERT INTO ${db}.clicks (target, target_id, at, at_ms, batch_id, seq, country, browser, os, device, bot, visitor)
       SELECT 'link', toUInt32(1), toDateTime(toUInt32(now()) - (n * 7919) % 31536000, 'UTC'), 0, 'seed:${done}', toUInt16(n % 65536),
              'FR', 'Firefox', 'Linux', 'desktop', 0, hex(MD5(toString(n)))
         FROM (SELECT number + ${done} AS n FROM system.numbers LIMIT ${size})`,
    );
  }
  const seeded = ((Date.now() - started) / 1000).toFixed(0);
  // Read as the service reads (its default timeout, which sets how long an hour takes to settle);
  // the seeding above needed a longer one.
  const reader = new ClickHouse(process.env.CLICKHOUSE_URL, 5_000);
  await reader.ready();
  const reads = new ClickHouseReads(reader, null);
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const read = async () => {
    const begun = performance.now();
    await reads.series({ link: 1 }, { from, to, interval: 'hour', tz: 'UTC', tzName: 'UTC', filters: {} });
    return performance.now() - begun;
  };
  // An hour is counted once its clicks have settled a minute (ClickHouseReads): the
  // first read after that reads every hour from its batches and visitor sets, and has them counted,
  // as a year-old link's would be after an upgrade.
  await new Promise((resolve) => setTimeout(resolve, 61_000));
  // Past the service's timeout the first read answers 503, as a request would; its hours are
  // counted meanwhile all the same.
  const first = await read().then(
    (ms) => `${ms.toFixed(0)} ms`,
    (error) => {
      if (error.code !== 'CLICKHOUSE_UNAVAILABLE') throw error;
      return `over ${reader.timeoutMs.toLocaleString('en')} ms (timed out; its hours counted meanwhile)`;
    },
  );
  for (let wait = 0; wait < 600; wait += 1) {
    const [{ stale }] = await clickhouse.query(
      `SELECT count() AS stale FROM (SELECT hour FROM ${db}.click_hour_totals WHERE target = 'link' AND target_id = 1 GROUP BY hour
                                      HAVING countIf(kind = 1) = 0 OR maxIf(version, kind = 0) > maxIf(version, kind = 1))`,
    );
    if (Number(stale) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // The seeding's own merges (minutes of both cores at 10 million rows) done, as a link's clicks
  // gathered over a year would be: the reads meet what a steady server gives them.
  for (let wait = 0; wait < 1500; wait += 1) {
    const [{ merges }] = await clickhouse.query(`SELECT count() AS merges FROM system.merges WHERE database = '${db}'`);
    if (Number(merges) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const times = [];
  for (let index = 0; index < 100; index += 1) times.push(await read());
  await clickhouse.close();
  await reader.close();
  times.sort((a, b) => a - b);
  return { seeded, first, p50: times[49].toFixed(1), p99: times[98].toFixed(1) };
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL: the PostgreSQL to measure (scripts/postgres.sh start prints one)');
  const name = `linkyard_write_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  try {
    const lock = await StartupLock.migrate({ url: url.toString() });
    await lock.release();
    await client.connect();
    await client.query(
      `INSERT INTO users (username, email, password_hash, api_key_hash) VALUES ('bench', 'bench@example.com', '', repeat('0', 64))`,
    );
    await client.query(
      `INSERT INTO links (user_id, alias, url, title) SELECT (SELECT id FROM users WHERE username = 'bench'), 'w' || i, 'https://example.com/' || i, 'w' || i FROM generate_series(1, ${LINKS}) i`,
    );
    console.log(
      `clicks written over ${LINKS} links, ${seconds} s a run, in the recorder's largest batches: ${MAX_BATCH} on PostgreSQL, ${CLICKHOUSE_BATCH} with ClickHouse`,
    );
    const stalls = [];
    const rate = await writers(url.toString(), 1, 'postgres', stalls);
    console.log(`one writer: ${rate.toLocaleString('en')} clicks/s (its event loop held at most ${stalls[0].toFixed(0)} ms)`);
    console.log(`two writers at once (two instances): ${(await writers(url.toString(), 2)).toLocaleString('en')} clicks/s together`);
    console.log(
      `PostgreSQL alone in batches of ${CLICKHOUSE_BATCH} (for comparison), one writer: ${(await writers(url.toString(), 1, 'postgres-large')).toLocaleString('en')} clicks/s`,
    );
    if (process.env.CLICKHOUSE_URL) {
      for (const [store, what] of [
        ['clickhouse-only', "ClickHouse's insert alone"],
        [
          'clickhouse',
          "The service's recorder and click writer (the targets' check, ClickHouse's insert, PostgreSQL's half, the next batch's insert beside it; the unique counts as the service reads them)",
        ],
      ]) {
        const stalls = [];
        const rate = await writers(url.toString(), 1, store, stalls);
        console.log(`${what}, one writer: ${rate.toLocaleString('en')} clicks/s (its event loop held at most ${stalls[0].toFixed(0)} ms)`);
        console.log(`${what}, two writers: ${(await writers(url.toString(), 2, store)).toLocaleString('en')} clicks/s together`);
      }
    }
    if (process.env.CLICKHOUSE_URL) {
      // The ratio, from runs side by side: this machine's speed drifts by a quarter from one minute
      // to the next, so the two stores' runs alternate and each pair gives a ratio.
      const ratios = [];
      for (let round = 1; round <= Number(values.rounds); round++) {
        const postgres = await writers(url.toString(), 1);
        const clickhouse = await writers(url.toString(), 1, 'clickhouse');
        ratios.push(clickhouse / postgres);
        console.log(
          `side by side, round ${round}: PostgreSQL ${postgres.toLocaleString('en')} clicks/s, the recorder and writer with ClickHouse ${clickhouse.toLocaleString('en')} clicks/s: ${(clickhouse / postgres).toFixed(1)} times`,
        );
      }
      if (ratios.length > 0) {
        ratios.sort((a, b) => a - b);
        console.log(
          `ClickHouse against PostgreSQL, one writer each: median ${ratios[Math.floor(ratios.length / 2)].toFixed(1)} times (${ratios[0].toFixed(1)} to ${ratios[ratios.length - 1].toFixed(1)})`,
        );
      }
      // After the rounds, so that the figures above are taken on the same database as without it.
      const what = "ClickHouse's server alone (the batches' text made before the time is taken)";
      console.log(`${what}, one writer: ${(await writers(url.toString(), 1, 'clickhouse-server')).toLocaleString('en')} clicks/s`);
      console.log(
        `${what}, two writers: ${(await writers(url.toString(), 2, 'clickhouse-server')).toLocaleString('en')} clicks/s together`,
      );
      for (const size of sizes) {
        const series = await clickhouseSeries(size);
        console.log(
          `ClickHouse, ${size.toLocaleString('en')} clicks (seeded in ${series.seeded} s): a year by hour of the link that has them all: the first read ${series.first}, then p50 ${series.p50} ms, p99 ${series.p99} ms`,
        );
      }
    }
    for (const size of sizes) {
      const started = Date.now();
      await seedTo(client, size);
      const seeded = ((Date.now() - started) / 1000).toFixed(0);
      const [{ bytes }] = (
        await client.query(
          `SELECT pg_total_relation_size('clicks')::bigint + coalesce((SELECT sum(pg_total_relation_size(inhrelid))::bigint FROM pg_inherits WHERE inhparent = 'clicks'::regclass), 0) AS bytes`,
        )
      ).rows;
      const rate = await writers(url.toString(), 1);
      const series = await seriesRead(url.toString());
      console.log(
        `${size.toLocaleString('en')} clicks (seeded in ${seeded} s, ${(Number(bytes) / 2 ** 30).toFixed(1)} GiB with indexes): one writer ${rate.toLocaleString('en')} clicks/s; a year by hour of the most clicked link p50 ${series.p50} ms, max ${series.max} ms`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (values.writer) {
  writer(values.writer, values.store).then(
    (result) => {
      process.send(result);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
