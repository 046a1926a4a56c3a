// Runs SQL on a stopped service's embedded database (DATA_DIR): node bench/seed-embedded.mjs DATA_DIR SQL
import { createRequire } from 'node:module';

const [dataDir, sql] = process.argv.slice(2);
const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
const db = await PGlite.create(dataDir);
await db.exec(sql);
await db.exec('ANALYZE');
await db.close();
