import { createLinkyardClient } from '@linkyard/client';
import type { Command } from 'commander';
import { saveProfile } from '../config';
import type { Context } from '../context';
import { usageError } from '../errors';
import { clean } from '../output';
import { ask, canAsk, readSecret } from '../prompt';
import { run } from '../run';

interface LoginOptions {
  url?: string;
}

function httpUrl(text: string): string {
  try {
    const parsed = new URL(text);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return text.replace(/\/+$/, '');
  } catch {
    // Said below.
  }
  throw usageError(`the service address ${JSON.stringify(text)} is not an http or https URL`);
}

/**
 * `auth login`: asks for the key (hidden; or the first line of stdin), checks it with the service
 * (`GET /account`), and only then writes the profile, mode 0600.
 */
async function login(context: Context, options: LoginOptions, profile: string): Promise<void> {
  const { output } = context;
  let url = options.url;
  if (url === undefined) {
    if (!canAsk(context.session)) throw usageError('give the service address with --url (there is no terminal to ask it at)');
    url = (await ask(context.session, 'Service address (https://links.example.com): ')).trim();
  }
  url = httpUrl(url);
  const apiKey = (await readSecret(context.session, 'API key')).trim();
  const client = createLinkyardClient({
    baseUrl: url,
    apiKey,
    onRateLimitWait: (wait) => output.status(`rate limit: waiting ${wait.seconds} s`),
  });
  const { data: account } = await client.GET('/account');
  const path = saveProfile(context.io.env, profile, { url, apiKey });
  output.data({ profile, url, file: path, username: account.data.username });
  output.line(`Logged in to ${url} as ${clean(account.data.username)}: profile "${clean(profile)}" saved to ${path} (mode 600).`);
}

/** `linkyard auth`. */
export function registerAuth(program: Command): void {
  const auth = program.command('auth').description('save a service and its API key as a profile');
  auth
    .command('login')
    .description('check an API key with the service and save it, with its address, as a profile (--profile, default "default")')
    .option('--url <url>', 'the service address (asked for on a terminal when not given)')
    .addHelpText(
      'after',
      '\nThe key is asked for without echo, or read from the first line of stdin when there is no terminal:\n' +
        '  printf \'%s\\n\' "$KEY" | linkyard auth login --url https://links.example.com --profile work',
    )
    .action((options: LoginOptions, command: Command) =>
      run(command, (context) => {
        const { profile } = command.optsWithGlobals<{ profile?: string }>();
        return login(context, options, profile ?? (context.io.env.LINKYARD_PROFILE || 'default'));
      }),
    );
}
