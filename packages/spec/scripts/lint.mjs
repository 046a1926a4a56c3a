// Lints openapi.yaml with the rules of redocly.yaml, through Redocly's own library: the same rules
// as `redocly lint`, without the command line's banners. Exits 1 on any error.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblems, getTotals, lint, loadConfig } from '@redocly/openapi-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = await loadConfig({ configPath: join(root, 'redocly.yaml') });
const problems = await lint({ ref: join(root, 'openapi.yaml'), config });
const totals = getTotals(problems);
formatProblems(problems, { format: 'stylish', totals, version: 'linkyard' });
console.log(`openapi.yaml: ${totals.errors} errors, ${totals.warnings} warnings`);
process.exit(totals.errors > 0 ? 1 : 0);
