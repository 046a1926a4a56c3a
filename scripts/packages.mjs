// The public packages of the repository (@linkyard/client, @linkyard/formats, @linkyard/cli),
// built and packed as npm would publish them, from the checkout:
//
//   node scripts/packages.mjs pack                  tarballs in dist-packages/   (pnpm pack:packages)
//   node scripts/packages.mjs install-cli [npm options]   npm install -g of the CLI  (pnpm cli:install)
//   node scripts/packages.mjs install-client DIR    npm install of the client in the project DIR (pnpm client:install)
//   node scripts/packages.mjs release               the release, dry run: pack and check all three (pnpm release)
//
// The release dry run checks each tarball with publint and arethetypeswrong, and its package.json
// for what a published package needs (a license, the repository, publishConfig, files, a
// changelog entry for its version, no workspace: or private dependency). It publishes nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'dist-packages');
const PACKAGES = ['client', 'formats', 'cli'].map((folder) => {
  const dir = join(ROOT, 'packages', folder);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { folder, dir, manifest, tarball: join(OUT, `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`) };
});
const byFolder = (folder) => PACKAGES.find((entry) => entry.folder === folder);

const run = (command, args, options = {}) => execFileSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
/**
 * npm as the user runs it: without the npm_config_* settings pnpm passes to its scripts, which
 * npm does not know (it reads the user's own .npmrc itself).
 */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
const npm = (args, options = {}) => run('npm', args, { env: npmEnv, ...options });
const say = (text) => process.stderr.write(`\n== ${text}\n`);

/** Builds the packages (and what they are built from), through turbo and its cache. */
function build(folders) {
  const filters = folders.map((folder) => `--filter=${byFolder(folder).manifest.name}...`);
  say(`building ${folders.join(', ')}`);
  run('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only']);
}

/** `pnpm pack` of each: workspace: versions become real ones, only the package's files go in. */
function pack(folders) {
  build(folders);
  mkdirSync(OUT, { recursive: true });
  for (const folder of folders) {
    const entry = byFolder(folder);
    rmSync(entry.tarball, { force: true });
    run('pnpm', ['pack', '--pack-destination', OUT], { cwd: entry.dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (!existsSync(entry.tarball)) throw new Error(`pnpm pack did not write ${entry.tarball}`);
    process.stderr.write(`packed ${entry.tarball}\n`);
  }
}

/** The package.json inside a tarball. */
function packedManifest(tarball) {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

const packedFiles = (tarball) => execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');

/** What a package published from this repository must have, read from its tarball. */
function manifestProblems(entry) {
  const manifest = packedManifest(entry.tarball);
  const files = packedFiles(entry.tarball);
  const problems = [];
  if (manifest.private) problems.push('it is private');
  if (manifest.license !== 'MIT') problems.push('its license is not MIT');
  if (!manifest.repository?.url || manifest.repository.directory !== `packages/${entry.folder}`) problems.push('its repository is not set');
  if (manifest.publishConfig?.access !== 'public')
    problems.push('publishConfig.access is not "public" (a scoped package is private by default)');
  if (!Array.isArray(manifest.files)) problems.push('it has no "files" list');
  for (const file of ['package/README.md', 'package/CHANGELOG.md', 'package/LICENSE']) {
    if (!files.includes(file)) problems.push(`${file.slice('package/'.length)} is not in the tarball`);
  }
  const changelog = readFileSync(join(entry.dir, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## ${manifest.version.replace(/\./g, '\\.')}\\b`, 'm').test(changelog)) {
    problems.push(`CHANGELOG.md has no "## ${manifest.version}" section`);
  }
  const published = new Set(PACKAGES.map((other) => other.manifest.name));
  for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
    if (String(range).startsWith('workspace:')) problems.push(`dependency ${name} is still ${range}`);
    if (name.startsWith('@linkyard/') && !published.has(name)) problems.push(`dependency ${name} is not a published package`);
  }
  if (files.some((file) => /\/(src|test)\//.test(file) || file.endsWith('.spec.js'))) problems.push('sources or tests are in the tarball');
  return problems;
}

function release() {
  pack(PACKAGES.map((entry) => entry.folder));
  let failed = false;
  for (const entry of PACKAGES) {
    say(`${entry.manifest.name}@${entry.manifest.version}`);
    run('pnpm', ['exec', 'publint', 'run', '--strict', entry.tarball], { cwd: byFolder('client').dir });
    // arethetypeswrong checks the types of each entry point; the command line has none (only a bin).
    if (entry.manifest.exports) run('pnpm', ['exec', 'attw', '--profile', 'node16', entry.tarball], { cwd: byFolder('client').dir });
    const problems = manifestProblems(entry);
    for (const problem of problems) process.stderr.write(`!! ${entry.manifest.name}: ${problem}\n`);
    failed ||= problems.length > 0;
    const size = readFileSync(entry.tarball).length;
    process.stderr.write(`${entry.manifest.name}@${entry.manifest.version}: ${packedFiles(entry.tarball).length} files, ${size} bytes\n`);
  }
  if (failed) process.exit(1);
  say('release dry run: the three packages are ready; nothing was published');
  process.stderr.write(`To publish: pnpm publish -r --filter ${PACKAGES.map((entry) => entry.manifest.name).join(' --filter ')}\n`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'pack') {
  pack(PACKAGES.map((entry) => entry.folder));
} else if (command === 'install-cli') {
  const cli = byFolder('cli');
  pack(['cli']);
  say(`npm install -g ${cli.tarball} ${rest.join(' ')}`);
  npm(['install', '--global', '--no-fund', '--no-audit', ...rest, cli.tarball]);
  const prefix = execFileSync('npm', ['prefix', '--global', ...rest], { encoding: 'utf8', env: npmEnv }).trim();
  process.stderr.write(`\nInstalled ${cli.manifest.name}@${cli.manifest.version}: ${join(prefix, 'bin', 'linkyard')}\n`);
} else if (command === 'install-client') {
  const [project, ...npmOptions] = rest;
  if (!project) {
    process.stderr.write('usage: pnpm client:install PROJECT_DIR [npm options]\n');
    process.exit(2);
  }
  const client = byFolder('client');
  pack(['client']);
  const where = resolve(process.env.INIT_CWD ?? process.cwd(), project);
  say(`npm install ${client.tarball} in ${where}`);
  npm(['install', '--no-fund', '--no-audit', ...npmOptions, client.tarball], { cwd: where });
} else if (command === 'release') {
  release();
} else {
  process.stderr.write('usage: node scripts/packages.mjs pack | install-cli [npm options] | install-client DIR | release\n');
  process.exit(2);
}
