import { Command } from 'commander';
import { version } from '../package.json';
import { registerAuth } from './commands/auth';
import { registerCampaigns } from './commands/campaigns';
import { registerCompletion } from './commands/completion';
import { registerDomains } from './commands/domains';
import { registerExport } from './commands/export';
import { registerImport } from './commands/import';
import { registerLinks } from './commands/links';
import { registerQr } from './commands/qr';
import { registerQrCodes } from './commands/qrcodes';
import { registerStats } from './commands/stats';
import { registerTags } from './commands/tags';
import { registerReports } from './commands/reports';
import { registerWebhooks } from './commands/webhooks';
import { EXIT_CODES_HELP } from './errors';
import { Output } from './output';
import { attachSession, type Env, type OutputStream, type Session } from './session';

const CONFIGURATION_HELP = `Configuration:
  LINKYARD_URL and LINKYARD_API_KEY, or a profile of the configuration file
  ($LINKYARD_CONFIG, else \${XDG_CONFIG_HOME:-~/.config}/linkyard/config.json),
  written by \`linkyard auth login\`:
    {"profiles": {"default": {"url": "https://links.example.com", "apiKey": "lyk_..."}}}
  chosen with --profile NAME or LINKYARD_PROFILE (default: "default"). The environment
  wins over the file, except that a profile's key is sent only to the profile's own
  address. The API key is never given on the command line.`;

/**
 * Whether text written to a stream may keep its colors, as Commander decides by default but from
 * the run's environment: NO_COLOR and FORCE_COLOR, else whether the stream is a terminal that has
 * them.
 */
function hasColors(env: Env, stream: OutputStream): boolean {
  if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return stream.isTTY === true && stream.hasColors?.(env) === true;
}

/** Commander's default width of help: the terminal's, else none (80 columns then), which its types do not allow. */
const helpWidth = (stream: OutputStream): number => (stream.isTTY ? stream.columns : undefined) as number;

/**
 * The command line of a run. Usage errors are thrown (exitOverride) rather than ending the
 * process, so the entry point gives them their exit code; every subcommand inherits that and the
 * output settings: help, usage and errors are written to the run's streams.
 */
export function buildProgram(session: Session): Command {
  const { io } = session;
  const output = new Output(session.json, io.stdout, io.stderr, io.env);
  const program = new Command('linkyard')
    .description(
      'The Linkyard command line: short links and their tags, import and export, statistics, QR codes, domains, campaigns and webhooks.',
    )
    .version(version, '-V, --version')
    .option('--json', 'print the result as JSON on stdout, and nothing else there')
    .option('--profile <name>', 'the profile of the configuration file to use')
    .option('--workspace <id>', 'the team workspace to act in (default: LINKYARD_WORKSPACE, else your own)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError('(see --help)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => helpWidth(io.stdout),
      getErrHelpWidth: () => helpWidth(io.stderr),
      getOutHasColors: () => hasColors(io.env, io.stdout),
      getErrHasColors: () => hasColors(io.env, io.stderr),
      // Commander's own messages ("error: unknown option '--x'") in the form of every other error.
      outputError: (text) => output.error(text.trim().replace(/^error: /, ''), null),
    });
  attachSession(program, session);

  const links = registerLinks(program);
  registerImport(links);
  registerExport(links);
  registerTags(program);
  registerReports(program);
  registerStats(program);
  registerQr(program);
  registerDomains(program);
  registerCampaigns(program);
  registerQrCodes(program);
  registerWebhooks(program);
  registerAuth(program);
  registerCompletion(program);

  program.addHelpText('after', `\n${CONFIGURATION_HELP}\n\n${EXIT_CODES_HELP}\n`);
  return program;
}
