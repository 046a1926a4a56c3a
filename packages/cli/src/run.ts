import type { Command } from 'commander';
import { contextOf, type Context } from './context';
import { ExitCode, reportOf } from './errors';

/**
 * Runs a command's work with its context and turns whatever it throws into a message on stderr
 * and an exit code. The code is set on `process.exitCode` rather than by exiting at once, so that
 * everything written to stdout reaches a pipe before the process ends.
 */
export async function run(command: Command, work: (context: Context) => Promise<ExitCode | void>): Promise<void> {
  const context = contextOf(command);
  try {
    process.exitCode = (await work(context)) ?? ExitCode.ok;
  } catch (error) {
    const report = reportOf(error, context.serviceUrl);
    let message = report.message;
    // The key is the usual culprit; say which one was sent, never the key itself.
    if (report.exitCode === ExitCode.authentication && context.serviceUrl) message += ` (API key from ${context.config.keySource})`;
    context.output.error(message, report.status);
    process.exitCode = report.exitCode;
  }
}
