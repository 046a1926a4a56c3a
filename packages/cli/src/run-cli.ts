import { CommanderError } from 'commander';
import { ExitCode, isErrorLike } from './errors';
import { Output } from './output';
import { buildProgram } from './program';
import { Session, type CliIo } from './session';

export type { CliIo, Env, InputStream, OutputStream } from './session';

/**
 * Runs one command line (`argv` without the program: `['links', 'list', '--json']`) with these
 * streams and this environment, and gives back its exit code. Nothing of the process is used:
 * not its variables, its streams, its exit code, nor its exit (see `CliIo.exit`). The `linkyard`
 * command (cli.ts) is this, run with the process's own.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // Whether errors are to be JSON too must be known before the line is parsed: a usage error
  // stops the parse. `--json` counts anywhere before a `--`.
  const end = argv.indexOf('--');
  const json = (end === -1 ? argv : argv.slice(0, end)).includes('--json');
  const session = new Session(io, json);

  const done = (async (): Promise<number> => {
    try {
      await buildProgram(session).parseAsync([...argv], { from: 'user' });
      return session.exitCode;
    } catch (error) {
      if (error instanceof CommanderError) {
        // Help and version asked for end with 0; a usage error, help shown for want of a command
        // included, with 1, which scripts are told is 2.
        return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
      }
      new Output(json, io.stdout, io.stderr, io.env).error(
        `unexpected failure: ${isErrorLike(error) ? error.message : String(error)}`,
        null,
      );
      return ExitCode.unexpected;
    }
  })();
  // Ctrl-C ends the run where it is: its code is the run's, whatever the command does after.
  return Promise.race([done, session.ended]);
}
