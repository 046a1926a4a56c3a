import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './built-service';

/** A person of the test provider: the claims its tokens carry (`sub` is the key they are filed under). */
export type ProviderPerson = Record<string, unknown>;

/** A real OpenID provider running as its own process (test/support/oidc-provider.mjs). */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Replaces the provider's people (read afresh at each sign-in). */
  people(people: Record<string, ProviderPerson>): void;
  stop(): Promise<void>;
}

/** Starts the provider for a service whose callback is `redirectUri`; `clockOffsetS` puts its clock off by that much. */
export async function startProvider(redirectUri: string, clockOffsetS = 0): Promise<TestProvider> {
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'linkyard-oidc-'));
  const accounts = join(folder, 'accounts.json');
  writeFileSync(accounts, '{}');
  const clientId = 'linkyard';
  const clientSecret = 'a client secret for the tests';
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider.mjs')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      ACCOUNTS_FILE: accounts,
      CLIENT_ID: clientId,
      CLIENT_SECRET: clientSecret,
      REDIRECT_URI: redirectUri,
      CLOCK_OFFSET_S: String(clockOffsetS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start:\n${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the OpenID provider stopped (${code}):\n${output}`)));
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    people: (people) => writeFileSync(accounts, JSON.stringify(people)),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(folder, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Cookies a browser keeps for one site: set from responses, sent with requests. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair] = line.split(';', 1);
      const equals = pair!.indexOf('=');
      const name = pair!.slice(0, equals).trim();
      const value = pair!.slice(equals + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the provider's redirects as a browser would (its cookies kept) from `url` until one
 * leads back to `back`; answers that address. Throws with the page when the provider stops on one.
 */
export async function followAtProvider(url: string, back: string): Promise<string> {
  const jar = new CookieJar();
  let next = url;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${next}:\n${(await response.text()).slice(0, 500)}`);
    await response.body?.cancel();
    next = new URL(location, next).href;
    if (next.startsWith(back)) return next;
  }
  throw new Error(`too many redirects at the provider, last ${next}`);
}
