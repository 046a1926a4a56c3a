import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';

/** A stream the command line writes to; a terminal's says so, with its width. */
export type OutputStream = Writable & { isTTY?: boolean; columns?: number; hasColors?: (env?: object) => boolean };

/** The stream the command line reads; a terminal's can be put in raw mode, for an answer typed hidden. */
export type InputStream = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

/** The variables a run reads (the process's own, for the `linkyard` command). */
export type Env = Record<string, string | undefined>;

/**
 * What one run of the command line reads and writes: the environment and the three streams, and
 * nothing else of its process. The `linkyard` command (cli.ts) gives the process's own; a test
 * gives streams of its own and exactly the variables it means.
 */
export interface CliIo {
  env: Env;
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  /**
   * Called when the run ends before its command is done (Ctrl-C at a prompt or during an import),
   * with the exit code, 130: the command itself exits there and then. Without it, the run's
   * promise gives back the code, and what was under way goes no further.
   */
  exit?: (code: number) => void;
  /**
   * Calls `handler` on Ctrl-C (SIGINT) until the function it gives back is called. Without it,
   * nothing interrupts the run.
   */
  onInterrupt?: (handler: () => void) => () => void;
}

/** One run of the command line: its streams and environment, the exit code it ends with, and how it ends early. */
export class Session {
  /** The exit code of the command, set once it is done. */
  exitCode = 0;
  /** Resolved with the exit code when the run ends before its command is done. */
  readonly ended: Promise<number>;
  private endedWith: number | null = null;
  private settle: (code: number) => void = () => undefined;

  constructor(
    readonly io: CliIo,
    /** `--json` was on the line: errors are JSON too. */
    readonly json: boolean,
  ) {
    this.ended = new Promise((resolve) => (this.settle = resolve));
  }

  get hasEnded(): boolean {
    return this.endedWith !== null;
  }

  /** Ends the run now with `code` (130 for Ctrl-C); the command's work is left where it is. */
  end(code: number): void {
    if (this.endedWith !== null) return;
    this.endedWith = code;
    this.io.exit?.(code);
    this.settle(code);
  }

  /** What work awaits once the run has ended: it never settles, so nothing after it runs, as after an exit. */
  halted(): Promise<never> {
    return new Promise<never>(() => undefined);
  }
}

const sessions = new WeakMap<Command, Session>();

/** Ties the program of a run to its session, for every command under it to find. */
export function attachSession(program: Command, session: Session): void {
  sessions.set(program, session);
}

/** The session of the run a command belongs to. */
export function sessionOf(command: Command): Session {
  let root = command;
  while (root.parent) root = root.parent;
  const session = sessions.get(root);
  if (!session) throw new Error('the command line was not started by runCli');
  return session;
}
