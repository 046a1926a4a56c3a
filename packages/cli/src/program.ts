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

const CONFIGURATION_HELP = `Configuration:
  LINKYARD_URL and LINKYARD_API_KEY, or a profile of the configuration file
  ($LINKYARD_CONFIG, else \${XDG_CONFIG_HOME:-~/.config}/linkyard/config.json),
  written by \`linkyard auth login\`:
    {"profiles": {"default": {"url": "https://links.example.com", "apiKey": "lyk_..."}}}
  chosen with --profile NAME or LINKYARD_PROFILE (default: "default"). The environment
  wins over the file, except that a profile's key is sent only to the profile's own
  address. The API key is never given on the command line.`;

/**
 * The command line. Usage errors are thrown (exitOverride) rather than ending the process, so the
 * entry point gives them their exit code; every subcommand inherits that and the output settings.
 */
export function buildProgram(json: boolean): Command {
  const output = new Output(json);
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
      // Commander's own messages ("error: unknown option '--x'") in the form of every other error.
      outputError: (text) => output.error(text.trim().replace(/^error: /, ''), null),
    });

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
