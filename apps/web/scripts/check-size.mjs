// The first page's budget: the JavaScript index.html loads (its entry and the modules the entry
// imports at once), gzipped, at most 200 kB. Pages loaded later (a link's charts, the forms) are
// apart. The build fails over the budget, naming the size.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const BUDGET = 200 * 1024;
const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]+src="\/dashboard\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/dashboard\/([^"]+\.js)"/g),
].map((match) => match[1]);
if (entries.length === 0) throw new Error('check-size: index.html loads no script');
if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html))
  throw new Error('check-size: index.html holds an inline script, which the page policy refuses');

// The static imports of each loaded file are loaded at once too.
const loaded = new Set();
const visit = (file) => {
  if (loaded.has(file)) return;
  loaded.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${}\s,*]+from\s*)?["']\.\/([^"']+\.js)["']/g))
    visit(join('assets', match[1]));
};
entries.forEach(visit);

let total = 0;
for (const file of loaded) total += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const all = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `dashboard: first page loads ${loaded.size} script(s), ${kB(total)} gzipped (budget ${kB(BUDGET)}); ${all.length} scripts in all`,
);
if (total > BUDGET) {
  console.error(`dashboard: the first page's JavaScript is ${kB(total)} gzipped, over the budget of ${kB(BUDGET)}`);
  process.exit(1);
}
