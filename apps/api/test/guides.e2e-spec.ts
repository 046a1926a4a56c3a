import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from './support/built-service';
import { ADMIN_KEY, startApi, type TestApi } from './support/app';
import { resolverWith } from './support/names';

/**
 * The guides are run as written: every ```sh block of the README files and of docs/ runs, in
 * order, in one bash session per file (`set -euo pipefail`), against a service listening on a
 * loopback port, with `KEY` set to its admin key (the key the quick start has a reader keep in
 * `KEY`). `http://localhost:3000` in the text stands for that service. A command ending in
 * `# => text` must print that text. `linkyard` is the built command line (packages/cli/dist),
 * configured for that service with the admin key; the session runs in a scratch folder, where the
 * files the guides write go. Blocks that cannot run here (cloning, installing, deploying) say so:
 * ```sh no-test. A ```sh restart block is what a reader types in the service's own terminal to
 * start it again with some variables (`NAME=value pnpm start`): the test starts its service again
 * with them, on the same database.
 *
 * Each guide runs on a fresh service, and all of them run once more one after the other on one
 * service, in the order the README lists them, as a reader follows them: a guide that only works
 * on an empty service, or that takes a name another guide took, fails there.
 */

const ROOT = join(__dirname, '..', '..', '..');
const GUIDE_ADDRESS = 'http://localhost:3000';

function guides(): string[] {
  const packages = readdirSync(join(ROOT, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = [
    join(ROOT, 'README.md'),
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(ROOT, 'docs', name)),
    ...packages.map((entry) => join(ROOT, 'packages', entry.name, 'README.md')),
    join(ROOT, 'apps', 'api', 'README.md'),
  ];
  return files.filter((file) => existsSync(file));
}

interface Block {
  line: number;
  language: string;
  attributes: string[];
  code: string;
}

function blocksOf(file: string): Block[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const blocks: Block[] = [];
  let open: Block | null = null;
  lines.forEach((text, index) => {
    const fence = /^```(.*)$/.exec(text);
    if (!fence) {
      if (open) open.code += `${text}\n`;
      return;
    }
    if (open) {
      blocks.push(open);
      open = null;
      return;
    }
    const [language = '', ...attributes] = fence[1]!.trim().split(/\s+/);
    open = { line: index + 1, language, attributes, code: '' };
  });
  return blocks;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);
const runnable = (block: Block) => block.language === 'sh' && !block.attributes.includes('no-test');
const restarts = (block: Block) => block.attributes.includes('restart');

/** The variables a guide may use without setting them: the admin key the quick start keeps in KEY, and the shell's own. */
const GIVEN_VARIABLES = new Set(['KEY', 'HOME', 'PATH', 'PWD', 'USER', 'SHELL', 'TMPDIR', 'RANDOM']);

/**
 * The variables a guide's commands read before any of its commands set them: a command that sets
 * one only for itself (`NAME=value command`) sets it for no later command.
 */
function unsetVariables(blocks: Block[]): string[] {
  const set = new Set(GIVEN_VARIABLES);
  const missing = new Set<string>();
  for (const block of blocks) {
    for (const command of commandsOf(block.code)) {
      const code = command.replace(/'[^']*'/g, "''").replace(/(^|\s)#.*$/gm, '$1');
      for (const match of code.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)/g)) if (!set.has(match[1]!)) missing.add(match[1]!);
      // Set for what follows: `NAME=...` as a command of its own (or exported), `read NAME`, `for NAME in`.
      const assigned = [
        ...code.matchAll(/(?:^|[;&|(]\s*|\bexport\s+)([A-Za-z_][A-Za-z0-9_]*)=(?:\$\([^)]*\)|"[^"]*"|''|\S*)\s*(?=$|[;&|)\n])/gm),
        ...code.matchAll(/\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)/g),
        ...code.matchAll(/\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b/g),
      ];
      for (const match of assigned) set.add(match[1]!);
    }
  }
  return [...missing];
}

/** Splits shell text into commands: a command goes on past a trailing `\` and past open quotes. */
function commandsOf(code: string): string[] {
  const commands: string[] = [];
  let current = '';
  let quote: "'" | '"' | null = null;
  for (const line of code.split('\n')) {
    current = current ? `${current}\n${line}` : line;
    for (let index = 0; index < line.length; index += 1) {
      const char = line[index]!;
      if (quote === "'") {
        if (char === "'") quote = null;
      } else if (char === '\\') {
        index += 1;
      } else if (quote === '"') {
        if (char === '"') quote = null;
      } else if (char === "'" || char === '"') {
        quote = char;
      } else if (char === '#' && (index === 0 || /\s/.test(line[index - 1]!))) {
        break;
      }
    }
    if (quote === null && !line.endsWith('\\')) {
      commands.push(current);
      current = '';
    }
  }
  if (current) commands.push(current);
  return commands;
}

/**
 * The script for bash: continuation lines joined, and each command ending in `# => text` wrapped
 * so that its output is shown and must contain the text.
 */
function scriptOf(blocks: Block[], address: string): string {
  const commands: string[] = [
    'set -euo pipefail',
    'expect_in() { case "$1" in *"$2"*) ;; *) printf "\\n!!! expected the output to contain: %s\\n" "$2" >&2; exit 1 ;; esac; }',
    // A restart: the variables, as the reader's shell expands them, handed to the test, which
    // starts its service again with them and says when it listens.
    '__restart() { printf "%s\\0" "$@" > "$PWD/.restart.tmp"; mv "$PWD/.restart.tmp" "$PWD/.restart"; while [ ! -e "$PWD/.restarted" ]; do sleep 0.1; done; rm -f "$PWD/.restarted"; }',
  ];
  for (const block of blocks) {
    if (restarts(block)) {
      const [command, ...others] = commandsOf(block.code.trim()).filter((line) => line.trim() !== '');
      const start = /^((?:[A-Za-z_][A-Za-z0-9_]*=(?:\$\([^)]*\)|"[^"]*"|'[^']*'|\S+)\s+)*)pnpm start\s*(#.*)?$/.exec(command ?? '');
      if (!start || others.length > 0) throw new Error(`a restart block holds one command, NAME=value ... pnpm start; got: ${block.code}`);
      commands.push(`__restart ${start[1]!.trim()}`);
      continue;
    }
    for (const command of commandsOf(block.code)) {
      const text = command.split(GUIDE_ADDRESS).join(address);
      const expectation = /^(.*?)\s+# => (.+)$/s.exec(text);
      if (!expectation) {
        commands.push(text);
        continue;
      }
      const wanted = expectation[2]!.trim().replace(/'/g, `'\\''`);
      commands.push(`__out=$(${expectation[1]})`, 'printf "%s\\n" "$__out"', `expect_in "$__out" '${wanted}'`);
    }
  }
  return commands.join('\n');
}

function runBash(script: string, env: Record<string, string>, cwd?: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }, timeout: 60_000, cwd },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

const files = guides();

/** The guides in the README's order: its own first, then the ones it links to, then the rest. */
function inReadmeOrder(all: string[]): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const linked = [...readme.matchAll(/\]\(((?:docs|packages|apps)\/[^)#\s]+\.md)\)/g)].map((match) => join(ROOT, match[1]!));
  const ordered = [join(ROOT, 'README.md'), ...linked.filter((file, index) => linked.indexOf(file) === index)];
  return [...ordered.filter((file) => all.includes(file)), ...all.filter((file) => !ordered.includes(file))];
}

/** A service for guides to run against, listening on a loopback port; started again as a restart block asks. */
class GuideService {
  api!: TestApi;
  address = '';
  private port = 0;
  private dataDir = '';

  /**
   * On disk when the guides restart the service, so that a restart keeps what they made (or on
   * PostgreSQL when DATABASE_URL is set); otherwise in memory, from the migrated database every
   * test starts from (a database made on disk takes seconds).
   */
  async start(restarts: boolean): Promise<void> {
    this.port = await freePort();
    this.address = `http://127.0.0.1:${this.port}`;
    this.dataDir = restarts ? mkdtempSync(join(tmpdir(), 'linkyard-guide-data-')) : '';
    // The webhooks guide adds https://example.com/... hooks: names are resolved when a hook is added.
    this.api = await startApi(
      { PUBLIC_URL: this.address, ...(this.dataDir ? { DATA_DIR: this.dataDir } : {}) },
      { hostResolver: resolverWith({ 'example.com': ['93.184.215.14'] }) },
    );
    await this.api.linkyard.app.listen({ port: this.port, host: '127.0.0.1' });
  }

  async restart(env: Record<string, string>): Promise<void> {
    await this.api.restart(env);
    await this.api.linkyard.app.listen({ port: this.port, host: '127.0.0.1' });
  }

  async close(): Promise<void> {
    await this.api?.close();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A bash session's folder, with a `linkyard` in its bin/ that runs the built command line. */
function scratchFolder(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'linkyard-guide-'));
  mkdirSync(join(scratch, 'bin'));
  const cli = join(ROOT, 'packages', 'cli', 'dist', 'cli.js');
  writeFileSync(join(scratch, 'bin', 'linkyard'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`, { mode: 0o755 });
  return scratch;
}

/** Runs a guide's blocks against the service, serving its restart requests; throws with its output when it fails. */
async function runGuide(name: string, service: GuideService, scratch: string): Promise<void> {
  const script = scriptOf(blocksOf(join(ROOT, name)).filter(runnable), service.address);
  const env = {
    KEY: ADMIN_KEY,
    PATH: `${join(scratch, 'bin')}:${process.env.PATH ?? ''}`,
    LINKYARD_URL: service.address,
    LINKYARD_API_KEY: ADMIN_KEY,
  };
  const request = join(scratch, '.restart');
  let restarting = Promise.resolve();
  const watcher = setInterval(() => {
    if (!existsSync(request)) return;
    const variables = readFileSync(request, 'utf8').split('\0').filter(Boolean);
    rmSync(request);
    restarting = restarting.then(async () => {
      await service.restart(
        Object.fromEntries(variables.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])),
      );
      writeFileSync(join(scratch, '.restarted'), '');
    });
  }, 100);
  try {
    const result = await runBash(script, env, scratch);
    await restarting;
    if (result.code !== 0) throw new Error(`${name} failed (exit ${result.code}). Its output:\n${result.output}\nThe script:\n${script}`);
  } finally {
    clearInterval(watcher);
  }
}

describe('the guides', () => {
  it('mark every shell block either to run (sh) or not (sh no-test)', () => {
    const unmarked = files.flatMap((file) =>
      blocksOf(file)
        .filter((block) => SHELL_LANGUAGES.has(block.language) && block.language !== 'sh')
        .map((block) => `${relative(ROOT, file)}:${block.line} (${block.language})`),
    );
    expect(unmarked).toEqual([]);
  });

  it('include the quick start, with commands to run', () => {
    expect(blocksOf(join(ROOT, 'docs', 'quick-start.md')).filter(runnable).length).toBeGreaterThan(2);
  });

  it('set every variable their commands use (KEY aside, the key the quick start keeps)', () => {
    const unset = files.flatMap((file) =>
      unsetVariables(blocksOf(file).filter(runnable)).map((name) => `${relative(ROOT, file)}: $${name}`),
    );
    expect(unset).toEqual([]);
  });

  it('say where KEY comes from wherever they use it: set in a block, or (past the README) a link to the quick start', () => {
    const unexplained = files.filter((file) => {
      const blocks = blocksOf(file).filter((block) => block.language === 'sh');
      if (!blocks.filter(runnable).some((block) => /\$\{?KEY\b/.test(block.code))) return false;
      const setsKey = blocks.some((block) => /^\s*(export\s+)?KEY=/m.test(block.code));
      const readme = relative(ROOT, file) === 'README.md';
      return !setsKey && (readme || !/\]\([^)]*quick-start\.md[^)]*\)/.test(readFileSync(file, 'utf8')));
    });
    expect(unexplained.map((file) => relative(ROOT, file))).toEqual([]);
  });

  const runnableFiles = files.filter((file) => blocksOf(file).some(runnable)).map((file) => relative(ROOT, file));

  describe.each(runnableFiles.map((name) => [name]))('%s, on a fresh service', (name) => {
    const service = new GuideService();
    let scratch: string;
    beforeAll(async () => {
      await service.start(blocksOf(join(ROOT, name)).filter(runnable).some(restarts));
      scratch = scratchFolder();
    });
    afterAll(async () => {
      await service.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it('runs as written', () => runGuide(name, service, scratch));
  });

  describe('one after the other, in the README order, on one service', () => {
    const service = new GuideService();
    beforeAll(() => service.start(true));
    afterAll(() => service.close());

    it.each(inReadmeOrder(runnableFiles.map((name) => join(ROOT, name))).map((file) => [relative(ROOT, file)]))('%s', async (name) => {
      const scratch = scratchFolder();
      try {
        await runGuide(name, service, scratch);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
});
