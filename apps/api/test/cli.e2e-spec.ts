import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { detectImportSource, readImport } from '@linkyard/formats';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '@linkyard/cli/src/run-cli';
import { freePort } from './support/built-service';
import { useApi } from './support/app';
import { resolverWith } from './support/names';
import { DataSource } from 'typeorm';
import { createCampaign, createChannel, createDomain, createLink, createUser, type TestUser } from './support/factories';
import { FIREFOX, UK } from './support/visitors';

/**
 * The command line run as a user runs it, with a home of its own, against the real service
 * listening on a loopback port: what it prints, on which stream, and its exit codes. Most runs are
 * in this process, through runCli (packages/cli/src/run-cli.ts, what the `linkyard` command runs)
 * with streams and an environment of their own: a process of its own each would cost most of the
 * file's time. The runs where the process itself is what is tested (a terminal, Ctrl-C, a reader
 * that stops early, the exit code of the command) run the built command line
 * (packages/cli/dist/cli.js, `pnpm --filter @linkyard/cli build`) in a process of its own.
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

/** A stream that keeps what is written to it, as a pipe read to its end would give it. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Runs the command line in this process with exactly this environment (the command line reads no
 * variable of the test process), stdin a stream holding `input` (empty by default): not a
 * terminal, as in a script.
 */
async function cli(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const stdin = new PassThrough();
  stdin.end(input);
  const stdout = collector();
  const stderr = collector();
  const code = await runCli(args, { env: { ...env }, stdin, stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * Runs the built command line in a process of its own with exactly this environment (and PATH),
 * stdin a pipe holding `input`, as `cli` does in this process.
 */
function binary(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000, killSignal: 'SIGKILL', maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin!.end(input);
  });
}

interface TerminalRun {
  code: number;
  /** What the terminal showed: stdout and stderr together, as a person sees them. */
  screen: string;
}

/**
 * Runs the command line on a terminal of its own (util-linux `script` makes a pseudo-terminal for
 * stdin, stdout and stderr), as a person at a terminal runs it. Each answer is typed once the
 * screen shows its prompt, as a person would, so a hidden answer is typed while echo is off.
 */
function terminal(args: string[], env: Record<string, string>, answers: { after: string; type: string }[] = []): Promise<TerminalRun> {
  return new Promise((resolve) => {
    const line = [process.execPath, CLI, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = spawn('script', ['-qefc', line, '/dev/null'], { env: { PATH: process.env.PATH ?? '', ...env } });
    let screen = '';
    const pending = [...answers];
    // Decoded as a stream: a chunk of the terminal's output can end inside a character ("│" is three bytes).
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const onOutput = (chunk: string) => {
      screen += chunk;
      while (pending.length > 0 && screen.includes(pending[0]!.after)) child.stdin.write(pending.shift()!.type);
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, screen });
    });
  });
}

/** The columns a line takes on a terminal: CJK characters take two. */
const widthOf = (line: string): number =>
  Array.from(line).reduce(
    (sum, character) => sum + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(character) ? 2 : 1),
    0,
  );

const json = (run: Run): any => JSON.parse(run.stdout);

describe('the command line (linkyard)', () => {
  // The webhooks' name is resolved when one is added (the tests have no network; nothing is sent to it).
  const api = useApi({}, { hostResolver: resolverWith({ 'hooks.example.com': ['93.184.215.14'] }) });
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
      // The built command, in a process of its own: its stdout and its exit code.
      const added = await binary(['links', 'add', 'https://example.com/launch', '--alias', `launch-${user.id}`, '--title', 'Launch'], env);
      expect(added).toEqual({ code: 0, stdout: `http://links.test/launch-${user.id}\n`, stderr: '' });

      const asJson = await cli(['links', 'add', 'https://example.com/other', '--json', '--status', 'public'], env);
      expect(asJson.code).toBe(0);
      expect(json(asJson)).toEqual({ id: expect.any(Number), shorturl: expect.stringMatching(/^http:\/\/links\.test\/[A-Za-z0-9_-]+$/) });
      const stored = await api.request('GET', `/l/api/url/${json(asJson).id}`, { key: user.apikey });
      expect(stored.body.details).toMatchObject({ longurl: 'https://example.com/other', status: 'public' });
    });

    it('acts in the team workspace --workspace or LINKYARD_WORKSPACE names, and refuses one that is not an id', async () => {
      const team = (await api.request('POST', '/l/api/workspace/add', { key: user.apikey, body: { name: 'CLI team' } })).body.data
        .id as number;
      const made = await cli(['links', 'add', 'https://example.com/team', '--alias', `team-${user.id}`, '--workspace', String(team)], env);
      expect(made.code).toBe(0);
      const inTeam = await cli(['links', 'list', '--json'], { ...env, LINKYARD_WORKSPACE: String(team) });
      expect(json(inTeam).map((link: { alias: string }) => link.alias)).toEqual([`team-${user.id}`]);
      // Their own workspace does not hold it.
      expect(json(await cli(['links', 'list', '--json'], env))).toEqual([]);
      const bad = await cli(['links', 'list', '--workspace', 'marketing'], env);
      expect(bad).toMatchObject({ code: 2, stdout: '' });
      expect(bad.stderr).toContain('the workspace must be a workspace id');
      // A workspace the person is not a member of: the service's 404, exit 3.
      const other = await createUser(api);
      expect((await cli(['links', 'list', '--workspace', String(team)], { ...env, LINKYARD_API_KEY: other.apikey })).code).toBe(3);
    });

    it('lists the links as a table, or as JSON, page after page', async () => {
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1) ids.push(await createLink(api, user, { custom: `list-${user.id}-${index}` }));

      const table = await cli(['links', 'list'], env);
      expect(table.code).toBe(0);
      expect(table.stdout).toMatch(/│ ID │ Short URL\s+│ Destination\s+│ Clicks │ Created\s+│/);
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

    it('keeps the links of a campaign, a channel, a domain, a status, a state and a range of days, alone and together', async () => {
      const domain = await createDomain(api, user);
      const channel = await createChannel(api, user);
      const campaign = await createCampaign(api, user);
      const expiry = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const old = await createLink(api, user);
      const branded = await createLink(api, user, { domain: domain.domain, status: 'public', campaign });
      const expiring = await createLink(api, user, { expiry, status: 'public' });
      const inChannel = await createLink(api, user, { channel });
      // The first link was made on 1 March 2025 (as an import keeps a link's own date).
      await api.linkyard.app.get(DataSource).query(`UPDATE links SET created_at = '2025-03-01T10:00:00Z' WHERE id = $1`, [old]);
      const ids = async (...options: string[]): Promise<number[]> => {
        const run = await cli(['links', 'list', ...options, '--json'], env);
        expect([options, run.code, run.stderr]).toEqual([options, 0, '']);
        return json(run).map((link: { id: number }) => link.id);
      };

      expect(await ids('--campaign', String(campaign))).toEqual([branded]);
      expect(await ids('--channel', String(channel))).toEqual([inChannel]);
      expect(await ids('--domain', new URL(domain.domain).host)).toEqual([branded]);
      expect(await ids('--domain', 'default')).toEqual([inChannel, expiring, old]);
      expect(await ids('--status', 'public')).toEqual([expiring, branded]);
      expect(await ids('--state', 'expired')).toEqual([]);
      // --to's day is included: the links of 1 March 2025 are those from that day to that day.
      expect(await ids('--from', '2025-03-01', '--to', '2025-03-01')).toEqual([old]);
      expect(await ids('--to', '2025-03-01T10:00:00Z')).toEqual([]);
      expect(await ids('--from', '2025-03-02')).toEqual([inChannel, expiring, branded]);
      expect(await ids('--status', 'public', '--state', 'active', '--domain', 'default', '--from', '2026-01-01')).toEqual([expiring]);
      expect(await ids('--status', 'private', '--tag', 'none', '--channel', String(channel))).toEqual([]);
      try {
        api.clock.set(Date.now() + 2 * 3_600_000);
        expect(await ids('--state', 'expired')).toEqual([expiring]);
        expect(await ids('--state', 'active', '--status', 'public')).toEqual([branded]);
      } finally {
        api.clock.reset();
      }

      const table = await cli(['links', 'list', '--channel', String(channel), '--limit', '1'], env);
      expect(table.stdout).toMatch(new RegExp(`│\\s+${inChannel} │ http://links\\.test/`));
      const none = await cli(['links', 'list', '--status', 'public', '--channel', String(channel)], env);
      expect(none).toEqual({ code: 0, stdout: 'No link matches these filters.\n', stderr: '' });
    });

    it('names the filter the service refuses, and exits with 3 for a channel or a domain not of the account', async () => {
      const status = await cli(['links', 'list', '--status', 'hidden'], env);
      expect(status).toMatchObject({ code: 2, stdout: '' });
      expect(status.stderr).toContain("option '--status <status>' argument 'hidden' is invalid. Allowed choices are public, private.");
      expect((await cli(['links', 'list', '--state', 'gone'], env)).code).toBe(2);
      expect((await cli(['links', 'list', '--channel', 'news'], env)).code).toBe(2);
      const from = await cli(['links', 'list', '--from', '2026-02-30'], env);
      expect(from.code).toBe(4);
      expect(from.stderr).toMatch(/^linkyard: invalid --from: must be a date/);
      // A day that does not exist is sent as given, not as the next day: the service names it.
      const to = await cli(['links', 'list', '--to', '2026-02-30'], env);
      expect(to.code).toBe(4);
      expect(to.stderr).toMatch(/^linkyard: invalid --to: must be a date/);

      const stranger = await createUser(api);
      const theirs = await createChannel(api, stranger);
      const channel = await cli(['links', 'list', '--channel', String(theirs)], env);
      expect(channel).toMatchObject({ code: 3, stdout: '' });
      const domain = await cli(['links', 'list', '--domain', 'go.unknown.example.org'], env);
      expect(domain).toMatchObject({ code: 3, stdout: '' });
      expect(domain.stderr).toContain('go.unknown.example.org');
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

  describe('tags', () => {
    const tagsOf = async (id: number): Promise<string[]> =>
      (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.tags as string[];

    it('gives a link its tags with --tag, replaces them, removes them with --no-tags, and shows them', async () => {
      const alias = `tagged-${user.id}`;
      const added = await cli(
        ['links', 'add', 'https://example.com/tagged', '--alias', alias, '--tag', 'Spring', '--tag', ' sale ', '--json'],
        env,
      );
      expect(added.code).toBe(0);
      const { id } = json(added);
      expect(await tagsOf(id)).toEqual(['spring', 'sale']);
      // A comma is part of a tag, not a separator.
      const comma = await cli(['links', 'add', 'https://example.com/comma', '--tag', 'a,b', '--json'], env);
      expect(await tagsOf(json(comma).id)).toEqual(['a,b']);

      const shown = await cli(['links', 'get', alias], env);
      expect(shown.stdout).toMatch(/│ Tags\s+│ spring, sale\s+│/);
      expect(json(await cli(['links', 'get', alias, '--json'], env)).details.tags).toEqual(['spring', 'sale']);

      const replaced = await cli(['links', 'update', alias, '--tag', 'Autumn', '--tag', 'newsletter'], env);
      expect(replaced).toEqual({ code: 0, stdout: `Updated http://links.test/${alias}\n`, stderr: '' });
      expect(await tagsOf(id)).toEqual(['autumn', 'newsletter']);
      // Changing something else keeps them.
      expect((await cli(['links', 'update', alias, '--title', 'Tagged'], env)).code).toBe(0);
      expect(await tagsOf(id)).toEqual(['autumn', 'newsletter']);
      expect((await cli(['links', 'update', alias, '--no-tags'], env)).code).toBe(0);
      expect(await tagsOf(id)).toEqual([]);
      expect((await cli(['links', 'get', alias], env)).stdout).toMatch(/│ Tags\s+│\s+│/);

      const both = await cli(['links', 'update', alias, '--tag', 'x', '--no-tags'], env);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain("option '--no-tags' cannot be used with option '--tag <tag>'");
      const nothing = await cli(['links', 'update', alias], env);
      expect(nothing.code).toBe(2);
      expect(nothing.stderr).toContain('--tag, --no-tags, --archive, --unarchive');

      // Archived, it leaves the list and --archived brings it back to it; --unarchive, for good.
      const listed = async (...options: string[]) =>
        (json(await cli(['links', 'list', '--all', '--json', ...options], env)) as { id: number }[]).map((link) => link.id);
      expect((await cli(['links', 'update', alias, '--archive'], env)).code).toBe(0);
      expect(await listed()).not.toContain(id);
      expect(await listed('--archived', 'only')).toEqual([id]);
      expect(await listed('--archived', 'include')).toContain(id);
      expect((await cli(['links', 'get', alias], env)).stdout).toMatch(/│ Archived\s+│ yes\s+│/);
      expect((await cli(['links', 'update', alias, '--unarchive'], env)).code).toBe(0);
      expect(await listed()).toContain(id);
      expect((await cli(['links', 'list', '--archived', 'all'], env)).code).toBe(2);
    });

    it('edits many links at once, named or --where a filter keeps, and lists those that cannot take the changes', async () => {
      const a = await createLink(api, user, { custom: `edit-a-${user.id}`, tags: ['promo'] });
      const b = await createLink(api, user, { custom: `edit-b-${user.id}`, tags: ['promo', 'old'] });
      const other = await createLink(api, user, { custom: `edit-c-${user.id}` });
      const details = async (id: number) => (await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details;

      const named = await cli(
        ['links', 'edit', `edit-a-${user.id}`, String(b), '--add-tag', 'Sale', '--remove-tag', 'old', '--status', 'public'],
        env,
      );
      expect(named).toEqual({ code: 0, stdout: 'Changed 2 links.\n', stderr: '' });
      expect(await details(a)).toMatchObject({ tags: ['promo', 'sale'], status: 'public' });
      expect(await details(b)).toMatchObject({ tags: ['promo', 'sale'], status: 'public' });

      const filtered = await cli(
        ['links', 'edit', '--where', 'tag=promo', '--where', `search=edit-b-${user.id}`, '--archive', '--json'],
        env,
      );
      expect(filtered.code).toBe(0);
      expect(json(filtered)).toEqual({ updated: 1, results: [{ id: b, error: 0, shorturl: `http://links.test/edit-b-${user.id}` }] });
      expect(await details(b)).toMatchObject({ archived: true });
      expect(await details(other)).toMatchObject({ archived: false, tags: [] });
      expect((await cli(['links', 'edit', '--where', 'tag=nowhere', '--status', 'public'], env)).stdout).toBe(
        'No link matches these filters; nothing changed.\n',
      );

      // One link that cannot take the changes: none changes, and the table says which and why.
      const full = await createLink(api, user, { tags: Array.from({ length: 20 }, (_, index) => `t${index}`) });
      const refused = await cli(['links', 'edit', String(a), String(full), '--add-tag', 'extra'], env);
      expect(refused.code).toBe(4);
      expect(refused.stdout).toMatch(new RegExp(`│\\s+${full} │ --add-tag\\s+│ The link would carry 21 tags`));
      expect(refused.stderr).toContain('1 of the 2 links cannot take these changes; none was changed.');
      expect((await details(a)).tags).toEqual(['promo', 'sale']);

      // Usage errors: no change, both links and --where, a --where that is no filter; the service's refusals name the option.
      expect((await cli(['links', 'edit', String(a)], env)).stderr).toContain('nothing to change');
      expect((await cli(['links', 'edit', String(a), '--where', 'tag=x', '--archive'], env)).code).toBe(2);
      expect((await cli(['links', 'edit', '--where', 'colour=red', '--archive'], env)).stderr).toContain('--where takes name=value');
      const badDate = await cli(['links', 'edit', '--where', 'from=yesterday', '--archive'], env);
      expect([badDate.code, badDate.stderr]).toEqual([4, expect.stringContaining('invalid --where from=')]);
      expect((await cli(['links', 'edit', String(a), '--campaign', '2147483647'], env)).code).toBe(3);
      expect((await cli(['links', 'edit', String(a), '--no-campaign', '--no-expiry'], env)).code).toBe(0);

      // Click limits and start dates, given and taken away; the service's refusal names the option.
      expect((await cli(['links', 'edit', String(a), String(b), '--click-limit', '500', '--start', '2031-01-01 09:00:00'], env)).code).toBe(
        0,
      );
      expect(await details(b)).toMatchObject({ clicklimit: 500, startdate: '2031-01-01 09:00:00' });
      expect(
        (await cli(['links', 'edit', '--where', 'state=scheduled', '--where', 'archived=include', '--no-click-limit', '--start', ''], env))
          .stdout,
      ).toBe('Changed 2 links.\n');
      expect(await details(a)).toMatchObject({ clicklimit: null, startdate: null });
      expect((await cli(['links', 'edit', String(a), '--click-limit', '0'], env)).code).toBe(2);
      const badStart = await cli(['links', 'edit', String(a), '--start', 'soon'], env);
      expect([badStart.code, badStart.stderr]).toEqual([4, expect.stringContaining('invalid --start')]);
    });

    it("shares a link's statistics through a report, lists it without its token, and revokes it", async () => {
      const alias = `shared-${user.id}`;
      await createLink(api, user, { custom: alias });
      const made = await cli(['reports', 'add', '--link', alias, '--name', 'Agency', '--expiry', '2099-01-01 00:00:00'], env);
      expect(made.code).toBe(0);
      const address = made.stdout.trim();
      expect(address).toMatch(/^http:\/\/links\.test\/dashboard\/shared\/[A-Za-z0-9_-]{32}$/);
      expect(made.stderr).toContain('shown only now');
      const token = address.split('/').pop()!;
      expect((await api.request('GET', `/l/api/shared/${token}`, { key: null })).body.data.name).toBe(alias);
      const listed = await cli(['reports', 'list'], env);
      expect(listed.stdout).toContain('Agency');
      expect(listed.stdout).toContain(`${token.slice(0, 6)}…`);
      expect(listed.stdout).not.toContain(token);
      const [report] = json(await cli(['reports', 'list', '--json'], env)) as { id: number }[];
      expect((await cli(['reports', 'add', '--name', 'x'], env)).code).toBe(2);
      const past = await cli(['reports', 'add', '--link', alias, '--expiry', '2001-01-01 00:00:00'], env);
      expect([past.code, past.stderr]).toEqual([4, expect.stringContaining('invalid --expiry')]);
      expect((await cli(['reports', 'revoke', String(report!.id), '--yes'], env)).code).toBe(0);
      expect((await api.request('GET', `/l/api/shared/${token}`, { key: null })).status).toBe(404);
      // A campaign's report: named by the campaign's id; another account's campaign is not found (3).
      const campaign = await createCampaign(api, user, { name: 'Spring for Acme' });
      const ofCampaign = await cli(['reports', 'add', '--campaign', String(campaign), '--name', 'Acme'], env);
      expect(ofCampaign.code).toBe(0);
      const shared = await api.request('GET', `/l/api/shared/${ofCampaign.stdout.trim().split('/').pop()!}`, { key: null });
      expect(shared.body.data).toMatchObject({ type: 'campaign', name: 'Spring for Acme', destination: null });
      const stranger = await createUser(api);
      const theirs = await createCampaign(api, stranger);
      expect((await cli(['reports', 'add', '--campaign', String(theirs)], env)).code).toBe(3);
    });

    it('gives a link a start date and a click limit, shows them, and removes them', async () => {
      const alias = `bounded-${user.id}`;
      const added = await cli(
        ['links', 'add', 'https://example.com/bounded', '--alias', alias, '--start', '2030-01-01 09:00:00', '--click-limit', '250'],
        env,
      );
      expect(added.code).toBe(0);
      const shown = await cli(['links', 'get', alias], env);
      expect(shown.stdout).toMatch(/│ Starts \(UTC\)\s+│ 2030-01-01 09:00:00\s+│/);
      expect(shown.stdout).toMatch(/│ Click limit\s+│ 250 \(250 left\)\s+│/);
      expect(
        json(await cli(['links', 'list', '--state', 'scheduled', '--json'], env)).map((link: { alias: string }) => link.alias),
      ).toEqual([alias]);
      // Not started, and under its limit: no link is at its limit.
      expect(json(await cli(['links', 'list', '--state', 'limited', '--json'], env))).toEqual([]);
      expect((await cli(['links', 'update', alias, '--no-click-limit', '--start', ''], env)).code).toBe(0);
      expect(json(await cli(['links', 'get', alias, '--json'], env)).details).toMatchObject({ clicklimit: null, startdate: null });
      const bad = await cli(['links', 'add', 'https://example.com/x', '--click-limit', '0'], env);
      expect(bad.code).toBe(2);
      const badStart = await cli(['links', 'add', 'https://example.com/x', '--start', 'soon'], env);
      expect([badStart.code, badStart.stderr]).toEqual([4, expect.stringContaining('invalid --start')]);
    });

    it("splits a link between weighted destinations, shows the split, reads a variant's clicks and removes it", async () => {
      const alias = `split-${user.id}`;
      const a = 'https://example.com/split?x=1';
      const added = await cli(
        ['links', 'add', a, '--alias', alias, '--variant', `${a}=70`, '--variant', 'https://example.com/split-b=30'],
        env,
      );
      expect(added.code).toBe(0);
      const shown = await cli(['links', 'get', alias], env);
      expect(shown.stdout).toMatch(/│ A\/B split\s+│ A 70% https:\/\/example\.com\/split\?x=1\s+│/);
      expect(shown.stdout).toMatch(/│\s+│ B 30% https:\/\/example\.com\/split-b\s+│/);
      const stats = await cli(['stats', alias, '--variant', 'B', '--json'], env);
      expect([stats.code, json(stats).filters]).toEqual([0, { variant: 'B' }]);
      // Weights that do not sum to 100: the service's message, naming the option.
      const bad = await cli(['links', 'update', alias, '--variant', `${a}=70`, '--variant', 'https://example.com/c=20'], env);
      expect([bad.code, bad.stderr]).toEqual([
        4,
        expect.stringContaining('invalid --variant: the weights must sum to 100 (they sum to 90)'),
      ]);
      const malformed = await cli(['links', 'update', alias, '--variant', 'https://example.com/c'], env);
      expect([malformed.code, malformed.stderr]).toEqual([2, expect.stringContaining('URL=WEIGHT is expected')]);
      expect((await cli(['links', 'update', alias, '--no-variants'], env)).code).toBe(0);
      expect(json(await cli(['links', 'get', alias, '--json'], env)).details.variants).toEqual([]);
    });

    it('lists the links carrying every tag named, with the other options of the list', async () => {
      const both = await createLink(api, user, { custom: `both-${user.id}`, tags: ['spring', 'sale'] });
      const spring = await createLink(api, user, { custom: `spring-${user.id}`, tags: ['spring'] });
      await createLink(api, user, { custom: `none-${user.id}` });

      const ids = (run: Run): number[] => json(run).map((link: { id: number }) => link.id);
      expect(ids(await cli(['links', 'list', '--tag', 'spring', '--json'], env))).toEqual([spring, both]);
      expect(ids(await cli(['links', 'list', '--tag', 'SPRING', '--tag', 'sale', '--json'], env))).toEqual([both]);
      expect(ids(await cli(['links', 'list', '--tag', 'spring', '--search', `spring-${user.id}`, '--json'], env))).toEqual([spring]);
      expect(ids(await cli(['links', 'list', '--tag', 'spring', '--limit', '1', '--json'], env))).toEqual([spring]);
      const listed = await cli(['links', 'list', '--tag', 'spring', '--json'], env);
      expect(json(listed)[1]).toMatchObject({ id: both, tags: ['spring', 'sale'] });

      const table = await cli(['links', 'list', '--tag', 'sale'], env);
      expect(table.code).toBe(0);
      expect(table.stdout).toContain(`http://links.test/both-${user.id}`);
      expect(table.stdout).not.toContain(`http://links.test/spring-${user.id}`);
      const limited = await cli(['links', 'list', '--tag', 'spring', '--limit', '1'], env);
      expect(limited.stdout).toContain('1 of 2 links');
      const none = await cli(['links', 'list', '--tag', 'spring', '--tag', 'winter'], env);
      expect(none).toEqual({ code: 0, stdout: 'No link carries the tags "spring", "winter".\n', stderr: '' });
      const searched = await cli(['links', 'list', '--search', 'nowhere', '--tag', 'sale'], env);
      expect(searched.stdout).toBe('No link matches "nowhere" and carries the tag "sale".\n');
    });

    it('lists, adds, renames, colours and deletes tags', async () => {
      const added = await cli(['tags', 'add', 'Spring', '--color', '#1F6FEB'], env);
      expect(added).toEqual({ code: 0, stdout: 'Added the tag "spring" (colour #1f6feb, on 0 links).\n', stderr: '' });
      const asJson = await cli(['tags', 'add', 'newsletter', '--json'], env);
      expect(json(asJson)).toEqual({ name: 'newsletter', color: null, links: 0 });
      const taken = await cli(['tags', 'add', 'SPRING'], env);
      expect(taken.code).toBe(4);
      expect(taken.stderr).toContain('already exists');
      const first = await createLink(api, user, { tags: ['spring', 'sale'] });
      const second = await createLink(api, user, { tags: ['spring'] });

      const table = await cli(['tags', 'list'], env);
      expect(table.code).toBe(0);
      expect(table.stdout).toMatch(/│ Name\s+│ Colour\s+│ Links │/);
      expect(table.stdout).toMatch(/│ newsletter │\s+│\s+0 │\n│ sale\s+│\s+│\s+1 │\n│ spring\s+│ #1f6feb │\s+2 │/);
      expect(json(await cli(['tags', 'list', '--search', 'SPR', '--json'], env))).toEqual([{ name: 'spring', color: '#1f6feb', links: 2 }]);
      expect((await cli(['tags', 'list', '--limit', '1'], env)).stdout).toContain('1 of 3 tags; --limit N or --all for more.');
      expect(json(await cli(['tags', 'list', '--all', '--json'], env))).toHaveLength(3);
      expect((await cli(['tags', 'list', '--search', 'winter'], env)).stdout).toBe('No tag contains "winter".\n');
      expect((await cli(['tags', 'list', '--limit', '1', '--all'], env)).code).toBe(2);

      const renamed = await cli(['tags', 'update', 'Spring', '--name', 'Spring 2026'], env);
      expect(renamed).toEqual({ code: 0, stdout: 'Renamed the tag "spring" to "spring 2026" (colour #1f6feb, on 2 links).\n', stderr: '' });
      expect(await tagsOf(first)).toEqual(['spring 2026', 'sale']);
      const uncoloured = await cli(['tags', 'update', 'spring 2026', '--color', '', '--json'], env);
      expect(json(uncoloured)).toEqual({ name: 'spring 2026', color: null, links: 2 });
      // Renamed to a tag the account has, the two become one.
      const merged = await cli(['tags', 'update', 'sale', '--name', 'spring 2026'], env);
      expect(merged.stdout).toBe('Renamed the tag "sale" to "spring 2026" (no colour, on 2 links).\n');
      expect(await tagsOf(first)).toEqual(['spring 2026']);
      expect((await cli(['tags', 'update', 'spring 2026'], env)).code).toBe(2);
      const missing = await cli(['tags', 'update', 'winter', '--color', '#000000'], env);
      expect(missing.code).toBe(3);
      expect(missing.stderr).toBe('linkyard: No tag "winter".\n');

      // A "/" in a name travels URL-encoded in the path.
      expect((await cli(['tags', 'add', 'a/b'], env)).code).toBe(0);
      expect((await cli(['tags', 'update', 'a/b', '--color', '#00aa00'], env)).code).toBe(0);
      expect((await cli(['tags', 'delete', 'a/b'], env)).code).toBe(0);

      const deleted = await cli(['tags', 'delete', 'Spring 2026', '--json'], env);
      expect(deleted.code).toBe(0);
      expect(json(deleted)).toEqual({ name: 'spring 2026', deleted: true });
      expect(await tagsOf(first)).toEqual([]);
      expect(await tagsOf(second)).toEqual([]);
      expect((await cli(['tags', 'delete', 'newsletter'], env)).stdout).toBe('Deleted the tag "newsletter".\n');
      expect(json(await cli(['tags', 'list', '--json'], env))).toEqual([]);
      expect((await cli(['tags', 'list'], env)).stdout).toBe('No tags yet.\n');
      expect((await cli(['tags', 'delete', 'newsletter'], env)).code).toBe(3);
    });

    it('names --tag, <name>, --name and --color in what the service refuses', async () => {
      const many = Array.from({ length: 21 }, (_, index) => ['--tag', `t${index}`]).flat();
      const tooMany = await cli(['links', 'add', 'https://example.com/many', ...many], env);
      expect(tooMany.code).toBe(4);
      expect(tooMany.stderr).toMatch(/^linkyard: invalid --tag: must be a list of at most 20 tags/);
      expect(json(await cli(['links', 'list', '--json'], env))).toEqual([]);
      const id = await createLink(api, user, { tags: ['kept'] });
      const long = await cli(['links', 'update', String(id), '--tag', 'x'.repeat(51)], env);
      expect(long.code).toBe(4);
      expect(long.stderr).toMatch(/^linkyard: invalid --tag: /);
      expect(long.stderr).not.toContain('"tags"');
      expect(await tagsOf(id)).toEqual(['kept']);
      const filter = await cli(['links', 'list', '--tag', 'x'.repeat(51)], env);
      expect(filter.code).toBe(4);
      expect(filter.stderr).toMatch(/^linkyard: invalid --tag: each must be a tag/);

      const color = await cli(['tags', 'add', 'spring', '--color', 'blue'], env);
      expect(color.code).toBe(4);
      expect(color.stderr).toMatch(/^linkyard: invalid --color: must be a colour #RRGGBB/);
      const name = await cli(['tags', 'add', 'y'.repeat(51)], env);
      expect(name.code).toBe(4);
      expect(name.stderr).toMatch(/^linkyard: invalid <name>: must be a tag/);
      const rename = await cli(['tags', 'update', 'kept', '--name', ' '], env);
      expect(rename.code).toBe(4);
      expect(rename.stderr).toMatch(/^linkyard: invalid --name: must be a tag/);
    });
  });

  describe('exit codes and errors', () => {
    it('3 for an alias the account does not have', async () => {
      // The built command, in a process of its own: its stderr and its exit code.
      const run = await binary(['links', 'get', 'no-such-alias'], env);
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
      expect(run.stderr).toMatch(/^linkyard: invalid <url>: must be an http or https URL/);
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
      // The built command, in a process of its own: help on its stdout, and exit code 0.
      const help = await binary(['--help'], { HOME: home });
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Exit codes:');
      expect(help.stdout).toContain('8  partly done');
      expect(help.stdout).toContain('LINKYARD_API_KEY');
      for (const command of [
        ['links', 'list'],
        ['links', 'add'],
        ['links', 'import'],
        ['links', 'export'],
        ['tags', 'list'],
        ['stats'],
        ['qr'],
      ]) {
        const run = await cli([...command, '--help'], { HOME: home });
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(`Usage: linkyard ${command.join(' ')}`);
        expect(run.stdout).toContain('--json');
      }
    });

    it('0, and nothing on stderr, when the reader of its output stops early (EPIPE)', async () => {
      // `linkyard completion bash | head -c 0`: the pipe is closed before the command writes to it.
      const child = spawn(process.execPath, [CLI, 'completion', 'bash'], { env: { PATH: process.env.PATH ?? '', HOME: home } });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
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
      // Both from the environment: the file is not needed, nor read.
      writeConfig(join(home, '.config', 'linkyard', 'config.json'), '{not json');
      expect(
        aliases(await cli(['links', 'list', '--json'], { HOME: home, LINKYARD_URL: baseUrl, LINKYARD_API_KEY: other.apikey })),
      ).toEqual([`theirs-${other.id}`]);
      // LINKYARD_URL naming the profile's own address (as the API base, with a slash) is no other service.
      writeConfig(join(home, '.config', 'linkyard', 'config.json'), profiles());
      const same = await cli(['links', 'list', '--json', '--profile', 'work'], { HOME: home, LINKYARD_URL: `${baseUrl}/l/api/` });
      expect(aliases(same)).toEqual([`theirs-${other.id}`]);
    });

    it("never sends a profile's key to another address given in LINKYARD_URL", async () => {
      // A server on loopback standing for another service, which must receive nothing.
      const received: IncomingHttpHeaders[] = [];
      const elsewhere = createServer((request, response) => {
        received.push(request.headers);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"error":0,"data":{"urls":[]}}');
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
      const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      try {
        writeConfig(join(home, '.config', 'linkyard', 'config.json'), profiles());
        for (const [args, extra] of [
          [['--profile', 'work', 'links', 'list'], {}],
          [['links', 'list'], { LINKYARD_PROFILE: 'work' }],
          [['links', 'list'], {}],
        ] as const) {
          const run = await cli([...args], { HOME: home, LINKYARD_URL: elsewhereUrl, ...extra });
          expect(run.code).toBe(2);
          expect(run.stdout).toBe('');
          expect(run.stderr).toContain(`LINKYARD_URL (${elsewhereUrl}) is not the address of profile`);
          expect(run.stderr).toContain('unset LINKYARD_URL to use the profile, or set LINKYARD_API_KEY too');
          expect(run.stderr).not.toContain(other.apikey);
          expect(run.stderr).not.toContain(user.apikey);
        }
        // A profile with a key and no address does not lend its key to LINKYARD_URL either.
        writeConfig(join(home, '.config', 'linkyard', 'config.json'), JSON.stringify({ profiles: { default: { apiKey: user.apikey } } }));
        const keyOnly = await cli(['links', 'list'], { HOME: home, LINKYARD_URL: elsewhereUrl });
        expect(keyOnly.code).toBe(2);
        expect(keyOnly.stderr).toContain('which has no "url"');
        expect(received).toEqual([]);
      } finally {
        await new Promise((resolve) => elsewhere.close(resolve));
      }
    });

    it('never repeats the content of a malformed file, which holds keys', async () => {
      const path = join(home, '.config', 'linkyard', 'config.json');
      const secret = 'lyk_SECRETabcdefghijklmnopqrstuvwxyz0123456789AB';
      for (const text of [
        `{"profiles": {"default": {"url": "${baseUrl}", "apiKey": ${secret}}}}`,
        `{"profiles": {"default": {"url": "${baseUrl}", "apiKey": "${secret}"`,
        `{"profiles": {"default": {"url": "${secret}", "apiKey": "${secret}"}}}`,
        `{"profiles": {"default": {"url": "${baseUrl}", "apiKey": "${secret}",}}}`,
      ]) {
        writeConfig(path, text);
        const run = await cli(['links', 'list'], { HOME: home });
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(path);
        for (const part of ['lyk_', 'SECRET', 'abcdef', '0123']) expect(run.stderr).not.toContain(part);
      }
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
      // The query parameter at fault is named by its option, as the fields of a body are.
      expect(refused.stderr).toMatch(/^linkyard: invalid --from: must be a date/);
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

    it('refuses a file named for a format it does not write, and writes nothing', async () => {
      const alias = `qrx-${user.id}`;
      await createLink(api, user, { custom: alias });
      const gif = await cli(['qr', alias, '--out', join(home, 'code.gif')], env);
      expect(gif.code).toBe(2);
      expect(gif.stderr).toContain('a QR code is written as PNG (.png) or SVG (.svg), not .gif');
      const mixed = await cli(['qr', alias, '--out', join(home, 'code.PNG'), '--format', 'svg'], env);
      expect(mixed.code).toBe(2);
      expect(mixed.stderr).toContain('is named for png, and --format asks for svg');
      expect(readdirSync(home)).toEqual([]);
      const upper = await cli(['qr', alias, '--out', join(home, 'CODE.SVG')], env);
      expect(upper.code).toBe(0);
      expect(readFileSync(join(home, 'CODE.SVG'), 'utf8')).toMatch(/^<svg /);
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

      // A second import creates nothing under the alias it asked for; a record that asked for none
      // (a Dub link on the root of its domain) is created again.
      const aliasless = new Set(records.flatMap((record) => ('link' in record && !record.link.alias ? [record.line] : [])));
      const createdAgain = report.results.filter(
        (result: { line: number; result: string }) => result.result === 'created' && aliasless.has(result.line),
      ).length;
      const again = json(await cli(['links', 'import', join(FIXTURES, name), '--json'], env));
      expect(again).toMatchObject({ total: report.total, created: createdAgain, failed: report.failed });
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

    it('says on Ctrl-C how many records went in and how to resume, and the same import then finishes', async () => {
      const file = join(home, 'big.ndjson');
      const total = 8000;
      const lines = Array.from({ length: total }, (_, index) =>
        JSON.stringify({ longurl: `https://example.com/big/${index}`, alias: `big-${user.id}-${index}` }),
      );
      writeFileSync(file, lines.join('\n'));
      const child = spawn(process.execPath, [CLI, 'links', 'import', file], { env: { PATH: process.env.PATH ?? '', ...env } });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => (stderr += chunk));
      const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      // Interrupted once the first chunk is in, with most of the file still to send.
      const count = async () => (await api.request('GET', '/l/api/urls?limit=1', { key: user.apikey })).body.data.result as number;
      while ((await count()) < 1000) await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGINT');
      expect(await ended).toBe(130);
      const said = /^linkyard: interrupted: (\d+) of 8000 records imported \((\d+) created, 0 renamed, 0 existing, 0 failed\)/.exec(stderr);
      expect(said).not.toBeNull();
      expect(Number(said![1])).toBeGreaterThanOrEqual(1000);
      expect(Number(said![1])).toBeLessThan(total);
      expect(stderr).toContain(`To resume, run the same import again: linkyard links import ${file}`);
      // What went in stayed, and the same import adds the rest without creating any twice.
      const again = await cli(['links', 'import', file, '--json'], env);
      expect(again.code).toBe(0);
      expect(json(again).created + json(again).existing).toBe(total);
      expect(json(again).renamed).toBe(0);
      expect(await count()).toBe(total);
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
  describe('on a terminal, and in 80 columns', () => {
    it('fits its tables in 80 columns when the output is not a terminal, and in COLUMNS when set', async () => {
      const domain = await createDomain(api, user);
      await createLink(api, user, {
        url: `https://example.com/${'long-path/'.repeat(20)}`,
        custom: `wide-${user.id}`,
        domain: domain.domain,
      });
      const titled = await createLink(api, user, {
        url: 'https://example.com/tokyo',
        custom: `tokyo-${user.id}`,
        metatitle: '東京の春のセール、すべての商品が半額になります。'.repeat(4),
      });
      for (const args of [
        ['links', 'list'],
        ['links', 'get', String(titled)],
        ['domains', 'list'],
      ]) {
        const run = await cli(args, env);
        expect(run.code).toBe(0);
        const lines = run.stdout.trimEnd().split('\n');
        expect(Math.max(...lines.map(widthOf))).toBeLessThanOrEqual(80);
        const wide = await cli(args, { ...env, COLUMNS: '120' });
        expect(Math.max(...wide.stdout.trimEnd().split('\n').map(widthOf))).toBeLessThanOrEqual(120);
      }
      // The short URLs stay whole; the destinations give up their room first.
      const listed = await cli(['links', 'list'], env);
      expect(listed.stdout).toContain(`│ ${domain.domain}/wide-${user.id} │ h`);
      expect(listed.stdout).toContain(`│ http://links.test/tokyo-${user.id}`);
      const wide = await cli(['links', 'list'], { ...env, COLUMNS: '120' });
      expect(wide.stdout).toContain('│ https://example.com/long-path/long-path/');
    });

    it('names the option the service refused, not the field of the API', async () => {
      const short = await cli(['links', 'add', 'https://example.com/', '--alias', 'x'], env);
      expect(short.code).toBe(4);
      expect(short.stderr).toMatch(/^linkyard: invalid --alias: /);
      expect(short.stderr).not.toContain('custom');
      const id = await createLink(api, user);
      const expiry = await cli(['links', 'update', String(id), '--expiry', 'next tuesday'], env);
      expect(expiry.code).toBe(4);
      expect(expiry.stderr).toMatch(/^linkyard: invalid --expiry: /);
      const title = await cli(['links', 'update', String(id), '--title', 'x'.repeat(5000)], env);
      expect(title.code).toBe(4);
      expect(title.stderr).toMatch(/^linkyard: invalid --title: /);
      const redirect = await cli(['domains', 'add', 'https://go-named.example.com', '--redirect-root', 'javascript:alert(1)'], env);
      expect(redirect.code).toBe(4);
      expect(redirect.stderr).toMatch(/^linkyard: invalid --redirect-root: /);
    });

    it('asks before deleting a link on a terminal, and not with --yes or without a terminal', async () => {
      const id = await createLink(api, user, { url: 'https://example.com/keep', custom: `ask-${user.id}` });
      const declined = await terminal(['links', 'delete', `ask-${user.id}`], env, [{ after: '[y/N] ', type: 'n\r' }]);
      expect(declined.screen).toContain(`Delete link ${id} (http://links.test/ask-${user.id} → https://example.com/keep)? [y/N]`);
      expect(declined.screen).toContain('Nothing deleted.');
      expect(declined.code).toBe(9);
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).status).toBe(200);

      const confirmed = await terminal(['links', 'delete', String(id)], env, [{ after: '[y/N] ', type: 'y\r' }]);
      expect(confirmed.code).toBe(0);
      expect(confirmed.screen).toContain(`Deleted link ${id}`);
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).status).toBe(404);

      const other = await createLink(api, user);
      const yes = await terminal(['links', 'delete', String(other), '--yes'], env);
      expect(yes.code).toBe(0);
      expect(yes.screen).not.toContain('[y/N]');
    });

    it('asks before deleting a tag on a terminal, and not with --yes', async () => {
      const id = await createLink(api, user, { tags: ['spring', 'sale'] });
      const declined = await terminal(['tags', 'delete', 'Spring'], env, [{ after: '[y/N] ', type: 'n\r' }]);
      expect(declined.screen).toContain('Delete the tag "spring" (from 1 link; the links stay)? [y/N]');
      expect(declined.screen).toContain('Nothing deleted.');
      expect(declined.code).toBe(9);
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.tags).toEqual(['spring', 'sale']);

      const confirmed = await terminal(['tags', 'delete', 'spring'], env, [{ after: '[y/N] ', type: 'y\r' }]);
      expect(confirmed.code).toBe(0);
      expect(confirmed.screen).toContain('Deleted the tag "spring".');
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.tags).toEqual(['sale']);

      const yes = await terminal(['tags', 'delete', 'sale', '--yes'], env);
      expect(yes.code).toBe(0);
      expect(yes.screen).not.toContain('[y/N]');
      const missing = await terminal(['tags', 'delete', 'winter'], env);
      expect(missing.code).toBe(3);
      expect(missing.screen).toContain('linkyard: no tag "winter"');
      expect(missing.screen).not.toContain('[y/N]');
    });

    it('reads the link password from a hidden prompt or from stdin, never from an argument', async () => {
      const typed = await terminal(['links', 'add', 'https://example.com/secret', '--password', '--json'], env, [
        { after: 'Link password: ', type: 'typed-secret-1\r' },
        { after: 'The link password again: ', type: 'typed-secret-1\r' },
      ]);
      expect(typed.code).toBe(0);
      expect(typed.screen).not.toContain('typed-secret-1');
      const id = JSON.parse(typed.screen.slice(typed.screen.indexOf('{'))).id;
      expect((await api.request('GET', `/l/api/url/${id}`, { key: user.apikey })).body.details.password).toBe(true);

      const piped = await cli(['links', 'add', 'https://example.com/piped', '--password', '--json'], env, 'piped-secret-2\n');
      expect(piped.code).toBe(0);
      const pipedId = json(piped).id;
      expect((await api.request('GET', `/l/api/url/${pipedId}`, { key: user.apikey })).body.details.password).toBe(true);
      const removed = await cli(['links', 'update', String(pipedId), '--no-password'], env);
      expect(removed.code).toBe(0);
      expect((await api.request('GET', `/l/api/url/${pipedId}`, { key: user.apikey })).body.details.password).toBe(false);

      expect((await cli(['links', 'add', 'https://example.com/argument', '--password', 'in-the-clear'], env)).code).toBe(2);
      const tooShort = await cli(['links', 'add', 'https://example.com/short', '--password'], env, 'abc\n');
      expect(tooShort.code).toBe(4);
      expect(tooShort.stderr).toMatch(/^linkyard: invalid password \(--password\): /);
      const mismatch = await terminal(['links', 'add', 'https://example.com/typo', '--password'], env, [
        { after: 'Link password: ', type: 'first-typing\r' },
        { after: 'The link password again: ', type: 'second-typing\r' },
      ]);
      expect(mismatch.code).toBe(2);
      expect(mismatch.screen).toContain('the two link passwords typed differ');
    });

    it('says so when it waits on the rate limit, and how far a long list has got', async () => {
      const limited = await createUser(api, { ratelimit: 2 });
      const urls = Array.from({ length: 250 }, (_, index) => ({ url: `https://example.com/page/${index}` }));
      expect((await api.request('POST', '/l/api/url/bulk', { key: limited.apikey, body: { urls } })).status).toBe(200);
      // Three seconds before the window ends: the list's second or third page waits for the next one.
      api.clock.set(Math.floor(Date.now() / 60_000) * 60_000 + 57_000);
      const run = await terminal(['links', 'list', '--all'], { ...env, LINKYARD_API_KEY: limited.apikey });
      expect(run.code).toBe(0);
      expect(run.screen).toMatch(/rate limit: waiting \d s, [12] of 3 pages/);
      expect(run.screen).toContain('reading the links: 1 of 3 pages');
      expect(run.screen).toContain('reading the links: 2 of 3 pages');
      expect(run.screen.match(/│\s+\d+ │ http:\/\/links\.test\//g)).toHaveLength(250);

      // Without a terminal, the output is the same as ever: nothing but the result. An account of
      // its own, whose windows the run above used none of (set back to the same minute, the
      // first account's window is spent, and its next one too: the list would wait a minute).
      const quiet = await createUser(api, { ratelimit: 2 });
      expect((await api.request('POST', '/l/api/url/bulk', { key: quiet.apikey, body: { urls } })).status).toBe(200);
      api.clock.set(Math.floor(Date.now() / 60_000) * 60_000 + 57_000);
      const piped = await cli(['links', 'list', '--all', '--json'], { ...env, LINKYARD_API_KEY: quiet.apikey });
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe('');
      expect(json(piped)).toHaveLength(250);
    });
  });

  describe('auth login', () => {
    const path = () => join(home, '.config', 'linkyard', 'config.json');

    it('checks the key read from stdin, then saves the profile, mode 600, beside the others', async () => {
      mkdirSync(join(home, '.config', 'linkyard'), { recursive: true });
      writeFileSync(path(), JSON.stringify({ profiles: { default: { url: 'https://links.example.com', apiKey: 'lyk_kept' } } }), {
        mode: 0o600,
      });
      const run = await cli(['auth', 'login', '--url', baseUrl, '--profile', 'work'], { HOME: home }, `${user.apikey}\n`);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Logged in to ${baseUrl} as ${user.username}: profile "work" saved to ${path()}`);
      expect(run.stdout).not.toContain(user.apikey);
      expect(statSync(path()).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(path(), 'utf8'))).toEqual({
        profiles: { default: { url: 'https://links.example.com', apiKey: 'lyk_kept' }, work: { url: baseUrl, apiKey: user.apikey } },
      });
      const listed = await cli(['--profile', 'work', 'links', 'list', '--json'], { HOME: home });
      expect(listed.code).toBe(0);
    });

    it('asks for the key without showing it on a terminal, and saves nothing the service refuses', async () => {
      const typed = await terminal(['auth', 'login', '--url', baseUrl], { HOME: home }, [{ after: 'API key: ', type: `${user.apikey}\r` }]);
      expect(typed.code).toBe(0);
      expect(typed.screen).not.toContain(user.apikey);
      expect(statSync(path()).mode & 0o777).toBe(0o600);
      expect(statSync(join(home, '.config', 'linkyard')).mode & 0o777).toBe(0o700);
      expect(JSON.parse(readFileSync(path(), 'utf8')).profiles.default).toEqual({ url: baseUrl, apiKey: user.apikey });

      const refused = await cli(['auth', 'login', '--url', baseUrl, '--profile', 'bad'], { HOME: home }, 'lyk_not-a-key\n');
      expect(refused.code).toBe(5);
      expect(JSON.parse(readFileSync(path(), 'utf8')).profiles.bad).toBeUndefined();
      const noUrl = await cli(['auth', 'login'], { HOME: home }, `${user.apikey}\n`);
      expect(noUrl.code).toBe(2);
      expect(noUrl.stderr).toContain('--url');
    });
  });

  describe('completion', () => {
    it('completes commands and options in bash, and prints the scripts of zsh and fish', async () => {
      const script = await cli(['completion', 'bash'], { HOME: home });
      expect(script.code).toBe(0);
      const file = join(home, 'linkyard.bash');
      writeFileSync(file, script.stdout);
      const complete = async (...words: string[]) => {
        const run = await new Promise<string>((resolve, reject) =>
          execFile(
            'bash',
            [
              '-c',
              `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _linkyard; printf '%s\\n' "\${COMPREPLY[@]}"`,
              'bash',
              file,
              'linkyard',
              ...words,
            ],
            (error, stdout) => (error ? reject(new Error(`bash failed: ${error.message}`)) : resolve(stdout)),
          ),
        );
        return run.trim().split('\n');
      };
      expect(await complete('')).toEqual(
        expect.arrayContaining(['links', 'tags', 'stats', 'qr', 'domains', 'campaigns', 'qrcodes', 'webhooks', 'auth', 'completion']),
      );
      expect(await complete('li')).toEqual(['links']);
      expect(await complete('links', '')).toEqual(expect.arrayContaining(['list', 'add', 'get', 'update', 'delete', 'import', 'export']));
      expect(await complete('links', 'delete', '--')).toEqual(expect.arrayContaining(['--yes', '--json', '--profile']));
      expect(await complete('links', 'update', '--')).toEqual(expect.arrayContaining(['--tag', '--no-tags', '--no-password']));
      expect(await complete('links', 'list', '--t')).toEqual(['--tag', '--to']);
      expect(await complete('links', 'list', '--status', '')).toEqual(['public', 'private']);
      expect(await complete('links', 'list', '--tag', 'x', '--state', 'e')).toEqual(['expired']);
      expect(await complete('links', 'add', 'https://example.com/', '--status', 'pu')).toEqual(['public']);
      expect(await complete('links', 'list', '--status', 'public', '--')).toEqual(expect.arrayContaining(['--state', '--from', '--to']));
      expect(await complete('tags', '')).toEqual(expect.arrayContaining(['list', 'add', 'update', 'delete']));
      expect(await complete('tags', 'update', '--')).toEqual(expect.arrayContaining(['--name', '--color', '--json']));
      expect(await complete('tags', 'list', '--')).toEqual(expect.arrayContaining(['--search', '--limit', '--all']));
      expect(await complete('--json', 'webhooks', 're')).toEqual(['replay']);

      const zsh = await cli(['completion', 'zsh'], { HOME: home });
      expect(zsh.stdout).toContain('bashcompinit');
      expect(zsh.stdout).toContain('complete -o default -F _linkyard linkyard');
      const fish = await cli(['completion', 'fish'], { HOME: home });
      expect(fish.stdout).toContain("complete -c linkyard -n '__fish_seen_subcommand_from links; and not __fish_seen_subcommand_from list");
      expect(fish.stdout).toContain("complete -c linkyard -n '__fish_seen_subcommand_from tags; and not __fish_seen_subcommand_from list");
      expect(fish.stdout).toContain("complete -c linkyard -n '__fish_seen_subcommand_from update' -l no-tags");
      expect(fish.stdout).toMatch(
        /complete -c linkyard -n '__fish_seen_subcommand_from list' -l state -d '[^']*' -x -a 'active expired limited scheduled'/,
      );
      expect((await cli(['completion', 'powershell'], { HOME: home })).code).toBe(2);
    });
  });

  describe('domains, campaigns, QR codes, webhooks and the account', () => {
    it('adds, lists, changes and deletes branded domains', async () => {
      const domain = `https://cli-${user.id}.example.com`;
      const added = await cli(['domains', 'add', domain, '--redirect-root', 'https://example.com/home', '--json'], env);
      expect(added.code).toBe(0);
      const { id } = json(added);
      const listed = await cli(['domains', 'list'], env);
      expect(listed.stdout).toMatch(new RegExp(`│\\s+${id} │ ${domain.replace(/\./g, '\\.')}\\s+│ https://example\\.com/home`));
      expect((await cli(['domains', 'update', `cli-${user.id}.example.com`, '--redirect-404', 'https://example.com/404'], env)).code).toBe(
        0,
      );
      const stored = (await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains[0];
      expect(stored).toMatchObject({ id, redirectroot: 'https://example.com/home', redirect404: 'https://example.com/404' });
      expect((await cli(['domains', 'add', domain], env)).code).toBe(4);
      const deleted = await cli(['domains', 'delete', String(id)], env);
      expect(deleted.code).toBe(0);
      expect((await api.request('GET', '/l/api/domains', { key: user.apikey })).body.data.domains).toEqual([]);
      expect((await cli(['domains', 'delete', String(id)], env)).code).toBe(3);
    });

    it("draws a domain's orphan visits, the aliases asked for among them, and filters them by kind or alias", async () => {
      const domain = await createDomain(api, user);
      const host = new URL(domain.domain).host;
      for (const path of ['/sprnig', '/sprnig', '/']) {
        await api.request('GET', path, { key: null, outsideContract: true, remoteAddress: UK, headers: { host, 'user-agent': FIREFOX } });
      }
      await api.flushClicks();
      const drawn = await cli(['domains', 'orphans', host, '--since', '2d'], env);
      expect(drawn.code).toBe(0);
      expect(drawn.stdout).toContain(`Orphan visits of ${domain.domain}`);
      expect(drawn.stdout).toContain('Total: 3 visits from 1 visitor (and 0 bot visits, counted apart)');
      expect(drawn.stdout).toMatch(/│ Reached\s+│ unknown\s+│\s+2 │/);
      expect(drawn.stdout).toMatch(/│ Aliases asked\s+│ sprnig\s+│\s+2 │/);
      const typo = json(await cli(['domains', 'orphans', String(domain.id), '--alias', 'sprnig', '--json'], env));
      expect(typo.filters).toEqual({ alias: 'sprnig' });
      expect(typo.totals.clicks).toBe(2);
      const refused = await cli(['domains', 'orphans', String(domain.id), '--kind', 'typo'], env);
      // The service refuses it (exit 4), and the error names the option, not the API's parameter.
      expect(refused.code).toBe(4);
      expect(refused.stderr).toContain('--kind');
      expect((await cli(['domains', 'orphans', 'absent.example.com'], env)).code).toBe(3);
    });

    it('creates campaigns, puts links in them, changes and deletes them', async () => {
      const added = await cli(['campaigns', 'add', 'Spring sale', '--slug', `spring-${user.id}`, '--public', '--json'], env);
      expect(added.code).toBe(0);
      expect(json(added)).toMatchObject({ name: 'Spring sale', public: true, rotator: `http://links.test/r/spring-${user.id}` });
      const link = await createLink(api, user, { custom: `camp-${user.id}` });
      const assigned = await cli(['campaigns', 'assign', 'Spring sale', `camp-${user.id}`], env);
      expect(assigned.code).toBe(0);
      expect((await api.request('GET', `/l/api/url/${link}`, { key: user.apikey })).body.details.campaign).toBe(json(added).id);
      const updated = await cli(['campaigns', 'update', 'Spring sale', '--slug', '', '--no-public', '--json'], env);
      expect(json(updated)).toMatchObject({ name: 'Spring sale', public: false, rotator: false });
      const listed = await cli(['campaigns', 'list'], env);
      expect(listed.stdout).toMatch(/│ Spring sale │ no\s+│/);
      expect((await cli(['campaigns', 'delete', String(json(added).id)], env)).code).toBe(0);
      expect((await cli(['campaigns', 'delete', 'Spring sale'], env)).code).toBe(3);
    });

    it('creates, reads and deletes QR codes, and draws their scans', async () => {
      const added = await cli(['qrcodes', 'add', 'link', 'https://example.com/menu', '--name', 'Menu', '--json'], env);
      expect(added.code).toBe(0);
      const { id, link } = json(added);
      expect(link).toMatch(/^http:\/\/links\.test\/qr\/[A-Za-z0-9_-]+$/);
      const wifi = await cli(['qrcodes', 'add', 'wifi', '{"ssid": "Cafe", "pass": "espresso42", "encryption": "WPA"}'], env);
      expect(wifi.code).toBe(0);
      expect((await cli(['qrcodes', 'add', 'wifi', 'not json'], env)).code).toBe(2);
      expect((await cli(['qrcodes', 'add', 'hologram', 'x'], env)).code).toBe(2);
      const listed = await cli(['qrcodes', 'list', '--json'], env);
      expect(json(listed).map((qr: { name: string }) => qr.name)).toContain('Menu');
      const shown = await cli(['qrcodes', 'get', String(id)], env);
      expect(shown.stdout).toMatch(/│ Name\s+│ Menu/);
      const stats = await cli(['qrcodes', 'stats', String(id), '--since', '7d', '--json'], env);
      expect(json(stats)).toMatchObject({ interval: 'day', totals: { clicks: 0 } });
      expect((await cli(['qrcodes', 'delete', String(id)], env)).code).toBe(0);
      expect((await cli(['qrcodes', 'get', String(id)], env)).code).toBe(3);
    });

    it('adds, shows, changes and deletes webhooks, and lists their deliveries', async () => {
      const hook = await cli(
        ['webhooks', 'add', 'https://hooks.example.com/linkyard', '--events', 'link.created,campaign.*', '--disabled', '--json'],
        env,
      );
      expect(hook.code).toBe(0);
      const { id, secret } = json(hook);
      expect(secret).toMatch(/^whsec_/);
      expect((await cli(['webhooks', 'add', 'https://hooks.example.com/x', '--events', 'link.exploded'], env)).code).toBe(2);
      const shown = await cli(['webhooks', 'get', String(id), '--json'], env);
      expect(json(shown)).toMatchObject({
        id,
        url: 'https://hooks.example.com/linkyard',
        events: ['link.created', 'campaign.*'],
        enabled: false,
      });
      const listed = await cli(['webhooks', 'list'], env);
      expect(listed.stdout).toMatch(new RegExp(`│\\s+${id} │ https://hooks\\.example\\.com/linkyard │ link\\.created, camp.* │ no `));
      const none = await cli(['webhooks', 'deliveries', String(id)], env);
      expect(none.stdout).toContain('No deliveries.');
      expect((await cli(['webhooks', 'update', String(id), '--events', 'link.*'], env)).code).toBe(0);
      expect((await api.request('GET', `/l/api/webhook/${id}`, { key: user.apikey })).body.data.events).toEqual(['link.*']);
      expect((await cli(['webhooks', 'replay', String(id), '987654'], env)).code).toBe(3);
      expect((await cli(['webhooks', 'delete', String(id)], env)).code).toBe(0);
      expect((await cli(['webhooks', 'get', String(id)], env)).code).toBe(3);
    });

    it('draws the clicks of the whole account, with its top links', async () => {
      await createLink(api, user, { custom: `acct-a-${user.id}` });
      await createLink(api, user, { custom: `acct-b-${user.id}` });
      await visit(`acct-a-${user.id}`, 2);
      await visit(`acct-b-${user.id}`, 1);
      const drawn = await cli(['stats', '--since', '7d'], env);
      expect(drawn.code).toBe(0);
      expect(drawn.stdout).toContain('Clicks of the account');
      expect(drawn.stdout).toContain('Total: 3 clicks');
      expect(drawn.stdout).toMatch(new RegExp(`│ http://links\\.test/acct-a-${user.id}\\s+│\\s+\\d+ │\\s+2 │`));
      const asJson = await cli(['stats', '--since', '7d', '--json'], env);
      expect(json(asJson).topLinks.map((link: { alias: string }) => link.alias)).toEqual([`acct-a-${user.id}`, `acct-b-${user.id}`]);
    });
  });
});
