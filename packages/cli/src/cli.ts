import { CommanderError } from 'commander';
import { ExitCode } from './errors';
import { Output } from './output';
import { buildProgram } from './program';

// A reader that stops early (`linkyard links list | head -1`) is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.ok);
  throw error;
});

// Whether errors are to be JSON too must be known before the line is parsed: a usage error
// stops the parse. `--json` counts anywhere before a `--`.
const argv = process.argv.slice(2);
const end = argv.indexOf('--');
const json = (end === -1 ? argv : argv.slice(0, end)).includes('--json');

try {
  await buildProgram(json).parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and version asked for end with 0; a usage error, help shown for want of a command
    // included, with 1, which scripts are told is 2.
    process.exitCode = error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  } else {
    new Output(json).error(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`, null);
    process.exitCode = ExitCode.unexpected;
  }
}
