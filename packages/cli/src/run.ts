import type { Command } from 'commander';
import { contextOf, type Context } from './context';
import { ExitCode, reportOf, type FieldNames } from './errors';

/**
 * Runs a command's work with its context and turns whatever it throws into a message on stderr
 * and an exit code. The code is kept in the run's session, which runCli gives back when the
 * command is done (rather than exiting at once, so that everything written to stdout reaches a
 * pipe before the process ends). `fields` names the options that fill the request's fields, for
 * the service's errors about them.
 */
export async function run(
  command: Command,
  work: (context: Context) => Promise<ExitCode | void>,
  options: { fields?: FieldNames } = {},
): Promise<void> {
  const context = contextOf(command);
  try {
    context.session.exitCode = (await work(context)) ?? ExitCode.ok;
    context.output.status(null);
  } catch (error) {
    context.output.status(null);
    const report = reportOf(error, context.serviceUrl, options.fields);
    let message = report.message;
    // The key is the usual culprit; say which one was sent, never the key itself.
    if (report.exitCode === ExitCode.authentication && context.serviceUrl) message += ` (API key from ${context.config.keySource})`;
    context.output.error(message, report.status);
    context.session.exitCode = report.exitCode;
  }
}
