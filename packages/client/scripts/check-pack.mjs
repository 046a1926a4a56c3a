// Packs the client as npm would publish it, then checks the tarball: publint (package.json and
// files), arethetypeswrong (types for every module resolution), and a real require() and import()
// of the packed files in a scratch folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (command, args, options = {}) => execFileSync(command, args, { stdio: 'inherit', ...options });
const scratch = mkdtempSync(join(tmpdir(), 'linkyard-client-pack-'));
try {
  run('pnpm', ['pack', '--pack-destination', scratch]);
  const tarball = join(
    scratch,
    readdirSync(scratch).find((name) => name.endsWith('.tgz')),
  );
  run('pnpm', ['exec', 'publint', 'run', '--strict', tarball]);
  run('pnpm', ['exec', 'attw', '--profile', 'node16', tarball]);
  run('tar', ['-xzf', tarball, '-C', scratch]);
  const packageDir = join(scratch, 'package');
  // Each build makes a client and sends a request through it (to a fetch that answers like the
  // service), from the unpacked files with no node_modules: its code needs nothing else.
  const probe = (load) => `
    const { createLinkyardClient, LinkyardError } = ${load};
    const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const ok = createLinkyardClient({ baseUrl: 'https://links.example.com', apiKey: 'k',
      fetch: async (request) => answer(200, { error: 0, data: { id: 1, url: request.url, auth: request.headers.get('authorization') } }) });
    const { data } = await ok.GET('/account');
    if (data.data.url !== 'https://links.example.com/l/api/account' || data.data.auth !== 'Bearer k') throw new Error('wrong request: ' + JSON.stringify(data));
    const failing = createLinkyardClient({ baseUrl: 'https://links.example.com', apiKey: 'k', fetch: async () => answer(404, { error: 1, message: 'No link with id 9.' }) });
    const error = await failing.GET('/url/{id}', { params: { path: { id: 9 } } }).catch((caught) => caught);
    if (!(error instanceof LinkyardError) || error.status !== 404) throw new Error('no LinkyardError');
    console.log('ok');`;
  run(
    process.execPath,
    ['-e', `(async () => { ${probe("require('./dist/index.cjs')")} })().catch((e) => { console.error(e); process.exit(1); })`],
    { cwd: packageDir },
  );
  run(process.execPath, ['--input-type=module', '-e', probe("await import('./dist/index.js')")], { cwd: packageDir });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
