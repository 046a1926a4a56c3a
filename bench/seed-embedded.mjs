// Seeds clicks into a stopped service's embedded database (DATA_DIR), with bench/seed-clicks.sql:
//   node bench/seed-embedded.mjs DATA_DIR LINK_ID COUNT
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [dataDir, linkId, count] = process.argv.slice(2);
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
const sql = readFileSync(new URL('seed-clicks.sql', import.meta.url), 'utf8')
  .replaceAll(':link_id', String(Number(linkId)))
  .replaceAll(':count', String(Number(count)));
const db = await PGlite.create(dataDir);
await db.exec(sql);
await db.exec('ANALYZE');
await db.close();
