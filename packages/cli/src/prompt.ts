import { usageError } from './errors';
import type { Session } from './session';

/**
 * Questions to the person at the terminal, and secrets read from stdin when there is none. The
 * question goes to stderr, so that stdout keeps only the result. Both are the run's (its session's).
 */

export const stdinIsTerminal = (session: Session): boolean => session.io.stdin.isTTY === true;

/** The first line of stdin (a secret piped in: `printf '%s\n' "$KEY" | linkyard auth login`). */
export async function readStdinLine(session: Session, what: string): Promise<string> {
  const { stdin } = session.io;
  let text = '';
  for await (const chunk of stdin as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.includes('\n')) break;
    if (text.length > 64 * 1024) throw usageError(`${what} read from stdin is longer than 64 KiB`);
  }
  stdin.pause();
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') throw usageError(`${what} was to be read from stdin, which gave an empty line`);
  return line;
}

/**
 * A line typed at the terminal; with `hidden`, nothing is shown as it is typed (a key, a password).
 * Ctrl-C ends the run (130), as it would anywhere else: the promise is then never settled.
 */
export function ask(session: Session, question: string, options: { hidden?: boolean } = {}): Promise<string> {
  const { stdin, stderr } = session.io;
  return new Promise((resolve) => {
    // Echo is off before the question shows: nothing typed after it is ever drawn by the terminal.
    stdin.setRawMode?.(true);
    stdin.resume();
    stderr.write(question);
    let line = '';
    const finish = (answer: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (answer === null) return session.end(130);
      resolve(answer);
    };
    const onData = (chunk: Buffer) => {
      for (const character of chunk.toString('utf8')) {
        if (character === '\r' || character === '\n') return finish(line);
        if (character === '\u0003') return finish(null);
        if (character === '\u0004') {
          if (line === '') return finish('');
          continue;
        }
        if (character === '\u007f' || character === '\b') {
          const characters = Array.from(line);
          if (characters.length > 0) {
            characters.pop();
            line = characters.join('');
            if (!options.hidden) stderr.write('\b \b');
          }
          continue;
        }
        // Other controls (arrows, escapes) are not part of an answer.
        if (character < ' ') continue;
        line += character;
        if (!options.hidden) stderr.write(character);
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * Yes or no at the terminal; the answer is no unless it is `y` or `yes`. Only asked when stdin and
 * stderr are terminals: a script says `--yes`, or runs without a terminal.
 */
export async function confirm(session: Session, question: string): Promise<boolean> {
  const answer = await ask(session, `${question} [y/N] `);
  return /^(y|yes)$/i.test(answer.trim());
}

export const canAsk = (session: Session): boolean => stdinIsTerminal(session) && session.io.stderr.isTTY === true;

/**
 * A secret from a hidden prompt when stdin is a terminal (the prompt goes to stderr, even when that
 * is a file), else from the first line of stdin.
 */
export async function readSecret(session: Session, what: string, options: { confirm?: boolean } = {}): Promise<string> {
  if (!stdinIsTerminal(session)) return readStdinLine(session, what);
  const first = await ask(session, `${what[0]!.toUpperCase()}${what.slice(1)}: `, { hidden: true });
  if (first === '') throw usageError(`no ${what} given`);
  if (options.confirm) {
    const again = await ask(session, `The ${what} again: `, { hidden: true });
    if (again !== first) throw usageError(`the two ${what}s typed differ`);
  }
  return first;
}
