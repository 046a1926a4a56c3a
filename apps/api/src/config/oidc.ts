import { ConfigError, flag, text } from './env';

/** A claim rule: a person whose ID token's `claim` is (or holds) `value` is a member of `workspace` with `role`. */
export interface OidcRule {
  claim: string;
  value: string;
  workspace: number;
  role: Role;
}

/** Single sign-on through an OpenID provider (docs/workspaces.md#single-sign-on). */
export interface OidcConfig {
  /** The provider's issuer URL, as its discovery document names it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says after "Sign in with". */
  name: string;
  /** Whether a person the provider vouches for and who has no account gets one at their first sign-in. */
  createAccounts: boolean;
  /** The scopes asked for. */
  scopes: string;
  /** Which claims make a person a member of which workspace, with which role (applied at each sign-in). */
  rules: OidcRule[];
}

/** The roles of a workspace (common/account's Role, which config/ may not import). */
export type Role = 'viewer' | 'editor' | 'admin' | 'owner';
const ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner'];
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
const MOST_RULES = 100;

/** OIDC_*: off unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. */
export function oidcConfig(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = text(env, 'OIDC_ISSUER');
  const clientId = text(env, 'OIDC_CLIENT_ID');
  const clientSecret = text(env, 'OIDC_CLIENT_SECRET');
  const set = [issuer, clientId, clientSecret].filter((value) => value !== undefined).length;
  if (set === 0) {
    for (const name of ['OIDC_NAME', 'OIDC_RULES', 'OIDC_SCOPES', 'OIDC_CREATE_ACCOUNTS']) {
      if (text(env, name) !== undefined)
        throw new ConfigError(name, 'is set, but single sign-on is off: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
    }
    return null;
  }
  if (set < 3) {
    const missing = (['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const).filter((name) => text(env, name) === undefined);
    throw new ConfigError(missing[0]!, 'is missing: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together');
  }
  const url = URL.canParse(issuer!) ? new URL(issuer!) : null;
  if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) || url.search || url.hash) {
    throw new ConfigError(
      'OIDC_ISSUER',
      `must be the provider's https:// issuer URL (http:// on this machine only), got "${issuer!.slice(0, 200)}"`,
    );
  }
  if (!/^[\x21-\x7e]{1,200}$/.test(clientId!))
    throw new ConfigError('OIDC_CLIENT_ID', 'must be 1 to 200 printable characters without spaces');
  const name = text(env, 'OIDC_NAME') ?? url.hostname;
  if (name.length > 60 || /[\u0000-\u001f\u007f]/.test(name))
    throw new ConfigError('OIDC_NAME', 'must be at most 60 characters, without control characters');
  const scopes = text(env, 'OIDC_SCOPES') ?? 'openid email profile';
  if (!/^[\x21-\x7e]+( [\x21-\x7e]+)*$/.test(scopes) || !scopes.split(' ').includes('openid')) {
    throw new ConfigError('OIDC_SCOPES', `must be scopes separated by spaces, openid among them, got "${scopes.slice(0, 200)}"`);
  }
  return {
    issuer: issuer!,
    clientId: clientId!,
    clientSecret: clientSecret!,
    name,
    createAccounts: flag(env, 'OIDC_CREATE_ACCOUNTS', true),
    scopes,
    rules: oidcRules(text(env, 'OIDC_RULES')),
  };
}

/** OIDC_RULES: a JSON array of `{"claim": "groups", "value": "marketing", "workspace": 12, "role": "editor"}`. */
function oidcRules(value: string | undefined): OidcRule[] {
  if (value === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError(
      'OIDC_RULES',
      'must be a JSON array of rules such as [{"claim": "groups", "value": "marketing", "workspace": 12, "role": "editor"}]',
    );
  }
  if (!Array.isArray(parsed) || parsed.length > MOST_RULES)
    throw new ConfigError('OIDC_RULES', `must be a JSON array of at most ${MOST_RULES} rules`);
  return parsed.map((rule: unknown, index) => {
    const { claim, value: wanted, workspace, role } = (typeof rule === 'object' && rule !== null ? rule : {}) as Record<string, unknown>;
    const problem =
      typeof claim !== 'string' || !/^[A-Za-z0-9_.:/-]{1,100}$/.test(claim)
        ? '"claim" must name a claim (letters, digits, _ . : / -)'
        : typeof wanted !== 'string' || wanted.length < 1 || wanted.length > 200
          ? '"value" must be a string of 1 to 200 characters'
          : typeof workspace !== 'number' || !Number.isInteger(workspace) || workspace < 1 || workspace > 2_147_483_647
            ? '"workspace" must be a workspace id'
            : typeof role !== 'string' || !ROLES.includes(role as Role)
              ? `"role" must be one of ${ROLES.join(', ')}`
              : null;
    if (problem) throw new ConfigError('OIDC_RULES', `rule ${index + 1}: ${problem}`);
    return { claim: claim as string, value: wanted as string, workspace: workspace as number, role: role as Role };
  });
}
