// The links list of a large account, filtered: 100,000 links with tags, in a campaign or not, read
// a page at a time through the API of the built service on PostgreSQL. Each filter is timed as a
// ratio to the unfiltered list in the same run (pages the service has not read before: no cache);
// then bulk edits of 500 to 5,000 links, per link as a ratio to one link's update.
//
//   DATABASE_URL=postgres://... node bench/link-lists.mjs [--links 100000] [--reads 60]
//
// Needs the built service (pnpm build). It makes a database of its own beside DATABASE_URL's and
// drops it at the end; nothing but that PostgreSQL and the service on loopback is addressed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const dist = `${root}apps/api/dist/`;
const { Client } = require(require.resolve('pg', { paths: [dist] }));

const { values } = parseArgs({
  options: { links: { type: 'string', default: '100000' }, reads: { type: 'string', default: '60' } },
});
const LINKS = Number(values.links);
const READS = Number(values.reads);
const PORT = 4110;
const ADMIN_KEY = 'lyk_bench-admin-key-0123456789abcdefghij';
const base = `http://127.0.0.1:${PORT}/l/api`;

async function call(key, path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Times `READS` reads, each of another path (`pathOf(i)`), one after the other; p50 and p90 in ms. */
async function timed(key, pathOf) {
  for (let index = 0; index < 5; index += 1) await call(key, pathOf(READS + index));
  const times = [];
  for (let index = 0; index < READS; index += 1) {
    const started = performance.now();
    await call(key, pathOf(index));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(READS / 2)], p90: times[Math.floor(READS * 0.9)] };
}

/** A day before (or after) today, YYYY-MM-DD in UTC. */
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the PostgreSQL to measure (scripts/postgres.sh start prints one)');
  const name = `linkyard_list_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const service = spawn('node', [`${dist}main.js`], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      ADMIN_API_KEY: ADMIN_KEY,
      WORKERS: '1',
      DEFAULT_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const client = new Client({ connectionString: url.toString() });
  try {
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (tries > 300) throw new Error('the service did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const user = await call(ADMIN_KEY, '/user/add', {
      method: 'POST',
      body: JSON.stringify({ username: 'lists', email: 'lists@example.com', password: 'bench password 1' }),
    });
    const { id: owner, apikey: key } = user.data;
    const campaign = (await call(key, '/campaign/add', { method: 'POST', body: JSON.stringify({ name: 'Bench' }) })).id;
    const channel = (await call(key, '/channel/add', { method: 'POST', body: JSON.stringify({ name: 'Bench' }) })).id;
    const domain = (await call(key, '/domain/add', { method: 'POST', body: JSON.stringify({ domain: 'https://go.bench.example' }) })).id;
    await client.connect();
    // Tags as a team uses them: one on a link in 7 (`weekly`), one in 50 (`t0`..`t49`, each on 2,000
    // links), one on 100 links (`rare`); a tenth of the links in one campaign, a twentieth on a
    // branded domain, one in 4 public, one in 9 expired, 500 in a channel.
    const started = Date.now();
    await client.query(
      `INSERT INTO links (user_id, alias, url, title, campaign_id, tags, created_at, domain_id, status, expires_at)
       SELECT $1, 'l' || i, 'https://shop.example.com/item/' || i, 'Item ' || i, CASE WHEN i % 10 = 0 THEN $2::int END,
              array_remove(ARRAY['t' || (i % 50), CASE WHEN i % 7 = 0 THEN 'weekly' END, CASE WHEN i % 1000 = 0 THEN 'rare' END], NULL)::varchar(50)[],
              now() - make_interval(secs => i * 60), CASE WHEN i % 20 = 0 THEN $4::int END,
              CASE WHEN i % 4 = 0 THEN 'public' ELSE 'private' END, CASE WHEN i % 9 = 0 THEN now() - interval '1 day' END
         FROM generate_series(1, $3::int) i`,
      [owner, campaign, LINKS, domain],
    );
    await client.query(`INSERT INTO channel_items (channel_id, link_id) SELECT $1, id FROM links WHERE user_id = $2 AND id % 200 = 0`, [
      channel,
      owner,
    ]);
    await client.query('ANALYZE links');
    console.log(
      `${LINKS.toLocaleString('en')} links of one account seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; ${READS} reads of each, one at a time, each of another page`,
    );
    const pages = (count, per = 25) => Math.max(1, Math.floor(count / per));
    const cases = [
      ['GET /urls (no filter)', (i) => `/urls?limit=25&page=${1 + (i % pages(LINKS))}`],
      ['GET /urls?tag=weekly (14,285 links)', (i) => `/urls?limit=25&tag=weekly&page=${1 + (i % pages(LINKS / 7))}`],
      ['GET /urls?tag=t7 (2,000 links)', (i) => `/urls?limit=25&tag=t7&page=${1 + (i % pages(LINKS / 50))}`],
      ['GET /urls?tag=rare (100 links)', (i) => `/urls?limit=25&tag=rare&page=${1 + (i % 4)}`],
      ['GET /urls?tag=weekly&tag=t7 (286 links)', (i) => `/urls?limit=25&tag=weekly&tag=t7&page=${1 + (i % 11)}`],
      ['GET /urls?tag=weekly&campaign= (1,428 links)', (i) => `/urls?limit=25&tag=weekly&campaign=${campaign}&page=${1 + (i % 57)}`],
      ['GET /urls?tag=t7&q=item (search and tag)', (i) => `/urls?limit=25&tag=t7&q=item&page=${1 + (i % 80)}`],
      ['GET /urls?status=public (25,000 links)', (i) => `/urls?limit=25&status=public&page=${1 + (i % 1000)}`],
      ['GET /urls?state=expired (11,111 links)', (i) => `/urls?limit=25&state=expired&page=${1 + (i % 444)}`],
      ['GET /urls?domain= (5,000 links on a branded domain)', (i) => `/urls?limit=25&domain=go.bench.example&page=${1 + (i % 200)}`],
      ['GET /urls?channel= (500 links)', (i) => `/urls?limit=25&channel=${channel}&page=${1 + (i % 20)}`],
      ['GET /urls?from=&to= (a week: 10,080 links)', (i) => `/urls?limit=25&from=${day(-8)}&to=${day(-1)}&page=${1 + (i % 400)}`],
      [
        'GET /urls, every filter at once',
        (i) => `/urls?limit=25&tag=weekly&status=public&state=active&from=${day(-60)}&page=${1 + (i % 10)}`,
      ],
      ['GET /tags?q=t (52 tags counted over every link)', (i) => `/tags?q=t&page=${1 + (i % 3)}`],
    ];
    const results = [];
    for (const [label, pathOf] of cases) results.push([label, await timed(key, pathOf)]);
    const baseline = results[0][1].p50;
    console.log(`| read | p50 ms | p90 ms | p50 as a ratio to the unfiltered list |`);
    console.log(`|---|---|---|---|`);
    for (const [label, { p50, p90 }] of results) {
      console.log(`| ${label} | ${p50.toFixed(1)} | ${p90.toFixed(1)} | ${(p50 / baseline).toFixed(2)} |`);
    }

    // Bulk edits: the same change to many links in one call, each call changing every link it names
    // (a tag added, then taken off again), against one link's PUT /url/{id}/update in the same run.
    const ids = (await client.query('SELECT id FROM links WHERE user_id = $1 ORDER BY id LIMIT 500', [owner])).rows.map((row) => row.id);
    const edits = [
      ['PUT /url/{id}/update (one link, the baseline)', 1, (tag, add) => [`/url/${ids[0]}/update`, { tags: add ? ['t1', tag] : ['t1'] }]],
      [
        'PUT /urls/update, 500 links by id',
        500,
        (tag, add) => ['/urls/update', { ids, changes: add ? { addtags: [tag] } : { removetags: [tag] } }],
      ],
      [
        'PUT /urls/update, filter tag=t7 (2,000 links)',
        2000,
        (tag, add) => ['/urls/update', { filter: { tag: ['t7'] }, changes: add ? { addtags: [tag] } : { removetags: [tag] } }],
      ],
      [
        'PUT /urls/update, filter domain= (5,000 links)',
        5000,
        (tag, add) => [
          '/urls/update',
          { filter: { domain: 'go.bench.example' }, changes: add ? { addtags: [tag] } : { removetags: [tag] } },
        ],
      ],
    ];
    const EDITS = 10;
    const editResults = [];
    for (const [label, links, request] of edits) {
      const times = [];
      for (let index = 0; index < EDITS + 2; index += 1) {
        const [path, body] = request('edited', index % 2 === 0);
        const started = performance.now();
        await call(key, path, { method: 'PUT', body: JSON.stringify(body) });
        if (index >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      editResults.push([label, links, times[Math.floor(EDITS / 2)]]);
    }
    const perLink = editResults[0][2];
    console.log(`\n| edit (${EDITS} calls each) | p50 ms per call | ms per link | per link, as a ratio to one link's update |`);
    console.log(`|---|---|---|---|`);
    for (const [label, links, p50] of editResults) {
      console.log(`| ${label} | ${p50.toFixed(1)} | ${(p50 / links).toFixed(3)} | ${(p50 / links / perLink).toFixed(3)} |`);
    }
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    await client.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
