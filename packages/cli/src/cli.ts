import { ExitCode } from './errors';
import { runCli } from './run-cli';

// A reader that stops early (`linkyard links list | head -1`) is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.ok);
  throw error;
});

// The command line, run with the process's own environment and streams. The exit code is set on
// `process.exitCode` rather than by exiting at once, so that everything written to stdout reaches
// a pipe before the process ends; only Ctrl-C (at a prompt, during an import) exits there and then.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  // Taken when a command reads it: a process that never reads stdin leaves it alone.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  exit: (code) => process.exit(code),
  onInterrupt: (handler) => {
    process.once('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
});
