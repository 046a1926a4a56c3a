import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { detectImportSource, readImport } from '@linkyard/formats';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/built-service';
import { useApi } from './support/app';
import { createDomain, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX, UK } from './support/visitors';

/**
 * The built command line (packages/cli/dist/cli.js, `pnpm --filter @linkyard/cli build`) run as a
 * user runs it, in a process of its own with a home of its own, against the real service listening
 * on a loopback port: what it prints, on which stream, and its exit codes.
 */

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'packages', 'cli', 'dist', 'cli.js');
const FIXTURES = join(ROOT, 'packages', 'formats', 'test', 'fixtures');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command line with exactly this environment (no variable of the test process leaks in). */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000, killSignal: 'SIGKILL', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const json = (run: Run): any => JSON.parse(run.stdout);

describe('the command line (linkyard)', () => {
  const api = useApi();
  let baseUrl: string;
  let user: TestUser;
  let home: string;
  /** The environment of a user configured through LINKYARD_URL and LINKYARD_API_KEY. */
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build it first (pnpm --filter @linkyard/cli build)`);
    await api.linkyard.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(api.linkyard.app.getHttpServer().address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    user = await createUser(api);
    home = mkdtempSync(join(tmpdir(), 'linkyard-cli-'));
    env = { HOME: home, LINKYARD_URL: baseUrl, LINKYARD_API_KEY: user.apikey };
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
  });

  /** Clicks of a browser on the link's public route, written to the statistics at once. */
  async function visit(alias: string, times: number): Promise<void> {
    for (let index = 0; index < times; index += 1) {
      const response = await api.request('GET', `/${alias}`, { key: null, remoteAddress: UK, headers: { 'user-agent': FIREFOX } });
      expect(response.status).toBe(302);
    }
    await api.flushClicks();
  }

  describe('links', () => {
    it('adds a link and prints its short URL, or its id and short URL as JSON', async () => {
      const added = await cli(['links', 'add', 'https://example.com/launch', '--alias', `launch-${user.id}`, '--title', 'Launch'], env);
      expect(added).toEqual({ code: 0, stdout: `http://links.test/launch-${user.id}\n`, stderr: '' });

      const asJson = await cli(['links', 'add', 'https://example.com/other', '--json', '--status', 'public'], env);
      expect(asJson.code).toBe(0);
      expect(json(asJson)).toEqual({ id: expect.any(Number), shorturl: expect.stringMatching(/^http:\/\/links\.test\/[A-Za-z0-9_-]+$/) });
      const stored = await api.request('GET', `/l/api/url/${json(asJson).id}`, { key: user.apikey });
      expect(stored.body.details).toMatchObject({ longurl: 'https://example.com/other', status: 'public' });
    });

    it('lists the links as a table, or as JSON, page after page', async () => {
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) ids.push(await createLink(api, user, { custom: `list-${user.id}-${index}` }));

      const table = await cli(['links', 'list'], env);
      expect(table.code).toBe(0);
      expect(table.stdout).toMatch(/│ ID │ Alias\s+│ Short URL\s+│ Destination\s+│ Clicks │ Created \(UTC\)/);
      for (const index of [0, 1, 2]) expect(table.stdout).toContain(`http://links.test/list-${user.id}-${index}`);

      const limited = await cli(['links', 'list', '--limit', '2'], env);
      expect(limited.stdout).toContain('2 of 3 links');
      const all = await cli(['links', 'list', '--all', '--json'], env);
      expect(json(all).map((link: { id: number }) => link.id)).toEqual([...ids].reverse());
      const searched = await cli(['links', 'list', '--search', `list-${user.id}-1`, '--json'], env);
      expect(json(searched)).toEqual([expect.objectContaining({ id: ids[1], alias: `list-${user.id}-1` })]);
      const byClicks = await cli(['links', 'list', '--order', 'clicks', '--json'], env);
      expect(json(byClicks)).toHaveLength(3);
    });

    it('reads, changes and deletes a link named by its alias, its id or its short URL', async () => {
      const alias = `crud-${user.id}`;
      const id = await createLink(api, user, { url: 'https://example.com/first', custom: alias, metatitle: 'First title' });

      const shown = await cli(['links', 'get', alias], env);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/Destination\s+│ https:\/\/example\.com\/first/);
      expect(shown.stdout).toMatch(/Title\s+│ First title/);
      const byId = await cli(['links', 'get', String(id), '--json'], env);
      expect(json(byId).details).toMatchObject({ id, alias, longurl: 'https://example.com/first' });
      expect(json(byId).data).toMatchObject({ clicks: 0 });
      const byShortUrl = await cli(['links', 'get', `http://links.test/${alias}`, '--json'], env);
      expect(json(byShortUrl).details.id).toBe(id);

      const updated = await cli(
        ['links', 'update', alias, '--url', 'https://example.com/second', '--title', 'Second', '--alias', `${alias}-b`],
        env,
      );
      expect(updated).toEqual({ code: 0, stdout: `Updated http://links.test/${alias}-b\n`, stderr: '' });
      const after = await api.request('GET', `/l/api/url/${id}`, { key: user.apikey });
      expect(after.body.details).toMatchObject({ alias: `${alias}-b`, longurl: 'https://example.com/second', title: 'Second' });
      const nothing = await cli(['links', 'update', String(id)], env);
      expect(nothing.code).toBe(2);

      const deleted = await cli(['links', 'delete', String(id), '--json'], env);
      expect(deleted.code).toBe(0);
      expect(json(deleted)).toEqual({ id, deleted: true });
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).status).toBe(404);
      const again = await cli(['links', 'delete', `${alias}-b`], env);
      expect(again.code).toBe(3);
    });

    it('asks for the id when an alias is used on several domains', async () => {
      const domain = await createDomain(api, user);
      const onOwn = await createLink(api, user, { custom: `twice-${user.id}` });
      const onDomain = await createLink(api, user, { custom: `twice-${user.id}`, domain: domain.domain });
      const run = await cli(['links', 'get', `twice-${user.id}`], env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`2 links have the alias "twice-${user.id}"`);
      expect(run.stderr).toContain(`${onOwn} (http://links.test/twice-${user.id})`);
      expect(run.stderr).toContain(`${onDomain} (${domain.domain}/twice-${user.id})`);
      const byShortUrl = await cli(['links', 'get', `${domain.domain}/twice-${user.id}`, '--json'], env);
      expect(json(byShortUrl).details.id).toBe(onDomain);
    });

    it('prints what the service stores without the terminal escape sequences in it', async () => {
      const title = 'Sale \x1b]0;owned\x07\x1b[2J\x1b[31mred\x1b[0m \u202eevil\u202c \x9b31m end\r\nnext';
      const id = await createLink(api, user, { custom: `esc-${user.id}`, metatitle: 'x' });
      await api.request('PUT', `/l/api/url/${id}/update`, { key: user.apikey, body: { metatitle: title, description: '\x1b[1Abold' } });
      const stored = (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;
      expect(stored.title).toContain('\x1b]0;owned');

      const shown = await cli(['links', 'get', `esc-${user.id}`], env);
      expect(shown.code).toBe(0);
      expect(shown.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      expect(shown.stdout).toMatch(/Title\s+│ Sale red evil/);
      const listed = await cli(['links', 'list'], env);
      expect(listed.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
      // JSON keeps the value as it is stored, escaped as JSON.
      const asJson = await cli(['links', 'get', String(id), '--json'], env);
      expect(asJson.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
      expect(json(asJson).details.title).toBe(stored.title);
    });
  });

  describe('exit codes and errors', () => {
    it('3 for an alias the account does not have', async () => {
      const run = await cli(['links', 'get', 'no-such-alias'], env);
      expect(run).toEqual({ code: 3, stdout: '', stderr: 'linkyard: no link with the alias "no-such-alias"\n' });
      const byId = await cli(['links', 'get', '987654', '--json'], env);
      expect(byId.code).toBe(3);
      expect(byId.stdout).toBe('');
      expect(byId.stderr.split('\n')[0]).toBe('linkyard: No link with id 987654.');
      expect(JSON.parse(byId.stderr.split('\n')[1]!)).toEqual({ error: { status: 404, message: 'No link with id 987654.' } });
    });

    it('4 for a destination the service refuses', async () => {
      const run = await cli(['links', 'add', 'not a url'], env);
      expect(run.code).toBe(4);
      expect(run.stderr).toMatch(/^linkyard: Invalid field "url"/);
      const taken = await createLink(api, user, { custom: `taken-${user.id}` });
      expect(taken).toEqual(expect.any(Number));
      expect((await cli(['links', 'add', 'https://example.com/', '--alias', `taken-${user.id}`], env)).code).toBe(4);
    });

    it('5 for a key the service does not know', async () => {
      const run = await cli(['links', 'list'], { ...env, LINKYARD_API_KEY: 'lyk_not-a-key' });
      expect(run.code).toBe(5);
      expect(run.stderr).toContain('(API key from LINKYARD_API_KEY)');
      expect(run.stderr).not.toContain('lyk_not-a-key');
    });

    it('2 for a missing configuration, a bad option or a bad value', async () => {
      const missing = await cli(['links', 'list'], { HOME: home });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('linkyard: no configuration: set LINKYARD_URL and LINKYARD_API_KEY');
      expect(missing.stderr).toContain(join(home, '.config', 'linkyard', 'config.json'));
      expect((await cli(['links', 'list', '--bogus'], env)).code).toBe(2);
      expect((await cli(['links', 'list', '--limit', 'ten'], env)).code).toBe(2);
      expect((await cli(['links', 'list', '--order', 'title'], env)).code).toBe(2);
      expect((await cli(['links'], env)).code).toBe(2);
      expect((await cli(['links', 'get', 'not/an alias'], env)).code).toBe(2);
      expect((await cli(['links', 'list'], { ...env, LINKYARD_URL: 'ftp://127.0.0.1/' })).code).toBe(2);
      const asJson = await cli(['links', 'list', '--json', '--nope'], env);
      expect(asJson.code).toBe(2);
      expect(asJson.stdout).toBe('');
      expect(asJson.stderr).toContain(`{"error":{"status":null,"message":"unknown option '--nope'"}}`);
    });

    it('7 for a service that does not answer', async () => {
      const closed = await freePort();
      const run = await cli(['links', 'list'], { ...env, LINKYARD_URL: `http://127.0.0.1:${closed}` });
      expect(run.code).toBe(7);
      expect(run.stderr).toMatch(
        new RegExp(`^linkyard: cannot reach the Linkyard service at http://127\\.0\\.0\\.1:${closed} \\(.*ECONNREFUSED`),
      );
    });

    it('0 for help, which lists the exit codes and the configuration', async () => {
      const help = await cli(['--help'], { HOME: home });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Exit codes:');
      expect(help.stdout).toContain('8  partly done');
      expect(help.stdout).toContain('LINKYARD_API_KEY');
      for (const command of [['links', 'list'], ['links', 'add'], ['links', 'import'], ['links', 'export'], ['stats'], ['qr']]) {
        const run = await cli([...command, '--help'], { HOME: home });
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(`Usage: linkyard ${command.join(' ')}`);
        expect(run.stdout).toContain('--json');
      }
    });
  });

  describe('configuration', () => {
    let other: TestUser;

    beforeEach(async () => {
      other = await createUser(api);
      await createLink(api, user, { custom: `mine-${user.id}` });
      await createLink(api, other, { custom: `theirs-${other.id}` });
    });

    const aliases = (run: Run): string[] => json(run).map((link: { alias: string }) => link.alias);
    const writeConfig = (path: string, text: string) => {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, text, { mode: 0o600 });
    };
    const profiles = () =>
      JSON.stringify({ profiles: { default: { url: baseUrl, apiKey: user.apikey }, work: { url: baseUrl, apiKey: other.apikey } } });

    it('reads the profile file, chosen with --profile or LINKYARD_PROFILE', async () => {
      writeConfig(join(home, '.config', 'linkyard', 'config.json'), profiles());
      expect(aliases(await cli(['links', 'list', '--json'], { HOME: home }))).toEqual([`mine-${user.id}`]);
      expect(aliases(await cli(['--profile', 'work', 'links', 'list', '--json'], { HOME: home }))).toEqual([`theirs-${other.id}`]);
      expect(aliases(await cli(['links', 'list', '--json'], { HOME: home, LINKYARD_PROFILE: 'work' }))).toEqual([`theirs-${other.id}`]);
      const unknown = await cli(['links', 'list', '--profile', 'play'], { HOME: home });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('no profile "play"');
      expect(unknown.stderr).toContain('profiles: default, work');
    });

    it('finds the file under XDG_CONFIG_HOME or at LINKYARD_CONFIG', async () => {
      const xdg = join(home, 'xdg');
      writeConfig(join(xdg, 'linkyard', 'config.json'), profiles());
      expect(aliases(await cli(['links', 'list', '--json'], { HOME: home, XDG_CONFIG_HOME: xdg }))).toEqual([`mine-${user.id}`]);
      const elsewhere = join(home, 'somewhere', 'linkyard.json');
      writeConfig(elsewhere, profiles());
      const run = await cli(['links', 'list', '--json', '--profile', 'work'], { HOME: home, LINKYARD_CONFIG: elsewhere });
      expect(aliases(run)).toEqual([`theirs-${other.id}`]);
    });

    it('lets the environment win over the file', async () => {
      writeConfig(join(home, '.config', 'linkyard', 'config.json'), profiles());
      const run = await cli(['links', 'list', '--json'], { HOME: home, LINKYARD_API_KEY: other.apikey });
      expect(aliases(run)).toEqual([`theirs-${other.id}`]);
      const wrongUrlInFile = JSON.stringify({ profiles: { default: { url: 'http://127.0.0.1:9', apiKey: other.apikey } } });
      writeConfig(join(home, '.config', 'linkyard', 'config.json'), wrongUrlInFile);
      expect(aliases(await cli(['links', 'list', '--json'], { HOME: home, LINKYARD_URL: baseUrl }))).toEqual([`theirs-${other.id}`]);
    });

    it('says what is wrong with a file it cannot use', async () => {
      const path = join(home, '.config', 'linkyard', 'config.json');
      writeConfig(path, '{"profiles": {');
      const broken = await cli(['links', 'list'], { HOME: home });
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain(`the configuration file ${path} is not valid JSON`);
      writeConfig(path, JSON.stringify({ default: { url: baseUrl } }));
      expect((await cli(['links', 'list'], { HOME: home })).stderr).toContain('is not shaped {"profiles"');
      writeConfig(path, JSON.stringify({ profiles: { default: { url: baseUrl } } }));
      const noKey = await cli(['links', 'list'], { HOME: home });
      expect(noKey.code).toBe(2);
      expect(noKey.stderr).toContain('no API key');
    });

    it('warns when other users can read the file that holds the keys', async () => {
      const path = join(home, '.config', 'linkyard', 'config.json');
      writeConfig(path, profiles());
      chmodSync(path, 0o644);
      const run = await cli(['links', 'list', '--json'], { HOME: home });
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`linkyard: warning: ${path} can be read by other users`);
    });
  });

  describe('links export', () => {
    it('streams the CSV export to a file', async () => {
      await createLink(api, user, { url: 'https://example.com/exported', custom: `exp-${user.id}` });
      const out = join(home, 'links.csv');
      const run = await cli(['links', 'export', '--out', out], env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Exported the links to ${out}`);
      const lines = readFileSync(out, 'utf8').split('\r\n');
      expect(lines[0]).toMatch(/^id,alias,shorturl,longurl,domain,title,/);
      expect(lines[1]).toContain(`,exp-${user.id},http://links.test/exp-${user.id},https://example.com/exported,`);
      expect(readdirSync(home).filter((name) => name.endsWith('.part'))).toEqual([]);
    });

    it('streams NDJSON to stdout', async () => {
      await createLink(api, user, { custom: `nd-${user.id}` });
      const run = await cli(['links', 'export', '--format', 'ndjson'], env);
      expect(run.code).toBe(0);
      const records = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(records).toEqual([expect.objectContaining({ alias: `nd-${user.id}` })]);
    });
  });

  describe('stats', () => {
    it('draws the clicks, with the totals and top lists, and gives them as JSON', async () => {
      const alias = `stats-${user.id}`;
      await createLink(api, user, { custom: alias });
      await visit(alias, 3);

      const asJson = await cli(['stats', alias, '--since', '2d', '--json'], env);
      expect(asJson.code).toBe(0);
      const series = json(asJson);
      expect(series.interval).toBe('hour');
      expect(series.totals).toEqual({ clicks: 3, visitors: 1, bots: 0 });
      expect(series.top.countries).toEqual([{ value: 'GB', clicks: 3 }]);
      expect(series.series.reduce((sum: number, bucket: { clicks: number }) => sum + bucket.clicks, 0)).toBe(3);

      const drawn = await cli(['stats', alias, '--since', '7d'], env);
      expect(drawn.code).toBe(0);
      expect(drawn.stdout).toContain(`Clicks of http://links.test/${alias}`);
      expect(drawn.stdout).toContain('by day (UTC)');
      expect(drawn.stdout).toMatch(/^\s+3 [┼┤]/m);
      expect(drawn.stdout).toContain('Total: 3 clicks from 1 visitor (and 0 bot clicks, counted apart)');
      expect(drawn.stdout).toMatch(/│ Countries │ GB\s+│\s+3 │/);
      expect(drawn.stdout).toMatch(/│ Browsers\s+│ Firefox\s+│\s+3 │/);

      const filtered = await cli(['stats', alias, '--country', 'FR', '--interval', 'week', '--tz', 'Europe/Paris', '--json'], env);
      expect(json(filtered)).toMatchObject({ interval: 'week', tz: 'Europe/Paris', filters: { country: 'FR' }, totals: { clicks: 0 } });
      const long = await cli(['stats', alias, '--since', '6m', '--json'], env);
      expect(json(long).interval).toBe('week');
    });

    it('refuses a range it cannot read', async () => {
      const id = await createLink(api, user);
      expect((await cli(['stats', String(id), '--since', 'yesterday'], env)).code).toBe(2);
      expect((await cli(['stats', String(id), '--since', '2d', '--from', '2026-01-01'], env)).code).toBe(2);
      const refused = await cli(['stats', String(id), '--from', '2026-02-30'], env);
      expect(refused.code).toBe(4);
    });
  });

  describe('qr', () => {
    it('writes the PNG or SVG image of the short URL, and leaves no QR code behind', async () => {
      const alias = `qr-${user.id}`;
      const id = await createLink(api, user, { custom: alias });
      const png = join(home, 'code.png');
      const run = await cli(['qr', alias, '--out', png, '--size', '200'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Wrote the QR code of http://links.test/${alias} to ${png}`);
      expect(readFileSync(png).subarray(0, 8)).toEqual(PNG_SIGNATURE);
      const drawn = await api.request('GET', `/l/api/url/${id}/qr?size=200`, { key: user.apikey });
      expect(readFileSync(png).equals(drawn.raw)).toBe(true);

      const svg = join(home, 'code.svg');
      const asJson = await cli(['qr', alias, '--out', svg, '--json'], env);
      expect(json(asJson)).toMatchObject({ shorturl: `http://links.test/${alias}`, file: svg, format: 'svg' });
      expect(readFileSync(svg, 'utf8')).toMatch(/^<svg /);

      const toStdout = await cli(['qr', alias, '--out', '-', '--format', 'svg'], env);
      expect(toStdout.code).toBe(0);
      expect(toStdout.stdout).toMatch(/^<svg [^]*<\/svg>\s*$/);

      const qrs = await api.request('GET', '/l/api/qr', { key: user.apikey });
      expect(qrs.body.data.qrs).toEqual([]);
      expect((await cli(['qr', alias, '--out', png, '--size', '50'], env)).code).toBe(2);
      expect((await cli(['qr', 'no-such-link', '--out', png], env)).code).toBe(3);
    });
  });

  describe('links import', () => {
    const fixtures = existsSync(FIXTURES) ? readdirSync(FIXTURES).filter((name) => !name.startsWith('.')) : [];

    it('has sample files to import', () => {
      expect(fixtures.length).toBeGreaterThan(0);
    });

    it.each(fixtures)('imports %s, recognizing its source, with the file lines of the records that failed', async (name) => {
      const run = await cli(['links', 'import', join(FIXTURES, name), '--json'], env);
      expect(run.stderr).toBe('');
      const report = json(run);
      expect(run.code).toBe(report.failed > 0 ? 8 : 0);
      expect(report.total).toBe(report.results.length);
      expect(report.created + report.renamed + report.existing + report.failed).toBe(report.total);
      // Every record under its own line in the file, those the reader refused with its reason.
      const text = readFileSync(join(FIXTURES, name), 'utf8');
      const records = readImport(detectImportSource(text)!, text);
      expect(report.from).toBe(detectImportSource(text));
      expect(report.results.map((result: { line: number }) => result.line)).toEqual(records.map((record) => record.line));
      for (const record of records) {
        if ('error' in record)
          expect(report.results).toContainEqual({ line: record.line, result: 'failed', field: null, message: record.error });
      }
      for (const result of report.results) {
        if (result.result === 'failed') expect(result.message).toEqual(expect.any(String));
        // The sample files share aliases, and aliases on the service's own address are everyone's:
        // a link another test imported first is renamed here.
        else expect(result.shorturl).toMatch(/^http:\/\/links\.test\/[A-Za-z0-9_-]+$/);
      }
      const listed = json(await cli(['links', 'list', '--all', '--json'], env));
      expect(listed.length).toBe(report.created + report.renamed);

      // A second import creates nothing under the alias it asked for.
      const again = json(await cli(['links', 'import', join(FIXTURES, name), '--json'], env));
      expect(again).toMatchObject({ total: report.total, created: 0, failed: report.failed });
    });

    it('sends a large file in chunks and reports each record under its line in the file', async () => {
      const file = join(home, 'many.ndjson');
      const records = Array.from({ length: 2300 }, (_, index) => ({
        longurl: `https://example.com/many/${index}`,
        alias: `many-${user.id}-${index}`,
      }));
      // Line 1,501 takes the alias of line 1 for another URL: it is renamed, in the second chunk.
      records[1500] = { longurl: 'https://example.com/elsewhere', alias: `many-${user.id}-0` };
      writeFileSync(file, records.map((record) => JSON.stringify(record)).join('\n'));
      const run = await cli(['links', 'import', file, '--json'], env);
      expect(run.code).toBe(0);
      const report = json(run);
      expect(report).toMatchObject({ from: 'linkyard', total: 2300, created: 2299, renamed: 1, existing: 0, failed: 0 });
      expect(report.results.find((result: { result: string }) => result.result === 'renamed')).toMatchObject({
        line: 1501,
        previousAlias: `many-${user.id}-0`,
      });
      expect(report.results[2299]).toMatchObject({ line: 2300, result: 'created', alias: `many-${user.id}-2299` });
    });

    it('prints a summary with the renamed and the failed records', async () => {
      const alias = (letter: string) => `sum-${user.id}-${letter}`;
      await createLink(api, user, { url: 'https://example.com/already', custom: alias('b') });
      const file = join(home, 'yourls.csv');
      writeFileSync(
        file,
        [
          'keyword,url,title,timestamp,ip,clicks',
          `${alias('a')},https://example.com/a,First,2023-01-15 08:30:00,203.0.113.7,12`,
          `${alias('b')},https://example.com/b,Taken alias,2023-01-16 08:30:00,203.0.113.7,1`,
          `${alias('c')},,No destination,2023-01-17 08:30:00,203.0.113.7,0`,
        ].join('\n'),
      );
      const run = await cli(['links', 'import', file], env);
      expect(run.code).toBe(8);
      expect(run.stdout.split('\n')[0]).toBe(`Imported ${file} (yourls): 1 created, 1 renamed, 0 existing, 1 failed.`);
      expect(run.stdout).toMatch(new RegExp(`│\\s+3 │ ${alias('b')}\\s+│ http://links\\.test/[A-Za-z0-9_-]+ │`));
      expect(run.stdout).toMatch(/│\s+4 │\s+│ url is empty/);
    });

    it('refuses a file that is not of the source given, and one it cannot recognize', async () => {
      const wrong = await cli(['links', 'import', join(FIXTURES, 'yourls.csv'), '--from', 'bitly'], env);
      expect(wrong.code).toBe(4);
      expect(wrong.stderr).toMatch(/^linkyard: .*yourls\.csv: not a Bitly export/);
      const unknown = join(home, 'notes.txt');
      writeFileSync(unknown, 'just some notes\n');
      const run = await cli(['links', 'import', unknown], env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('name it with --from');
      expect((await cli(['links', 'import', join(home, 'missing.csv')], env)).code).toBe(2);
    });
  });
});
