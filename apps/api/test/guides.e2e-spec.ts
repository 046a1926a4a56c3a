import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from './support/built-service';
import { ADMIN_KEY, startApi, type TestApi } from './support/app';
import { resolverWith } from './support/names';

/**
 * The guides are run as written: every ```sh block of the README files and of docs/ runs, in
 * order, in one bash session per file (`set -euo pipefail`), against a fresh service listening on
 * a loopback port, with `KEY` and `ADMIN_KEY` set to its admin key. `http://localhost:3000` in
 * the text stands for that service. A command ending in `# => text` must print that text.
 * `linkyard` is the built command line (packages/cli/dist), configured for that service with the
 * admin key; the session runs in a scratch folder, where the files the guides write go.
 * Blocks that cannot run here (cloning, installing, deploying) say so: ```sh no-test.
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
  ];
  for (const block of blocks) {
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

  describe.each(files.filter((file) => blocksOf(file).some(runnable)).map((file) => [relative(ROOT, file)]))('%s', (name) => {
    let api: TestApi;
    let address: string;
    let scratch: string;

    beforeAll(async () => {
      const port = await freePort();
      address = `http://127.0.0.1:${port}`;
      // The webhooks guide adds https://hooks.example.com/... (off): its name is resolved when it is added.
      api = await startApi({ PUBLIC_URL: address }, { hostResolver: resolverWith({ 'hooks.example.com': ['93.184.215.14'] }) });
      await api.linkyard.app.listen({ port, host: '127.0.0.1' });
      // The session's folder, and in its bin/ a `linkyard` that runs the built command line.
      scratch = mkdtempSync(join(tmpdir(), 'linkyard-guide-'));
      mkdirSync(join(scratch, 'bin'));
      const cli = join(ROOT, 'packages', 'cli', 'dist', 'cli.js');
      writeFileSync(join(scratch, 'bin', 'linkyard'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`, { mode: 0o755 });
    });

    afterAll(async () => {
      await api?.close();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it('runs as written', async () => {
      const script = scriptOf(blocksOf(join(ROOT, name)).filter(runnable), address);
      const linkyard = { PATH: `${join(scratch, 'bin')}:${process.env.PATH ?? ''}`, LINKYARD_URL: address, LINKYARD_API_KEY: ADMIN_KEY };
      const result = await runBash(script, { KEY: ADMIN_KEY, ADMIN_KEY, ...linkyard }, scratch);
      if (result.code !== 0) throw new Error(`${name} failed (exit ${result.code}). Its output:\n${result.output}\nThe script:\n${script}`);
    });
  });
});
