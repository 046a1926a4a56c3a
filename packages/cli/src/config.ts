import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { usageError } from './errors';

/** Where the service is and the key to use. */
export interface Config {
  url: string;
  apiKey: string;
  /** Where the key came from, to name when the service refuses it. */
  keySource: string;
}

export interface ConfigOptions {
  /** `--profile`, when given. */
  profile?: string;
  env: NodeJS.ProcessEnv;
  /** Called with advice that does not stop the command (a profile file others can read). */
  warn?: (message: string) => void;
}

interface Profile {
  url?: string;
  apiKey?: string;
}

/** `$LINKYARD_CONFIG`, else `${XDG_CONFIG_HOME:-$HOME/.config}/linkyard/config.json`. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.LINKYARD_CONFIG) return env.LINKYARD_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'linkyard', 'config.json');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The profiles of the file, or null when there is no file. A file that exists but cannot be read,
 * is not JSON, or is not shaped `{"profiles": {"<name>": {"url": "...", "apiKey": "..."}}}` is an
 * error: guessing around a broken file could send a key to the wrong service.
 */
function readProfiles(path: string, warn: ConfigOptions['warn']): Map<string, Profile> | null {
  const parsed = readConfigFile(path);
  if (parsed === null) return null;
  const shape = `{"profiles": {"default": {"url": "...", "apiKey": "..."}}}`;
  if (!isRecord(parsed) || !isRecord(parsed.profiles)) throw usageError(`the configuration file ${path} is not shaped ${shape}`);
  // A Map, so that a profile named like an Object property (`__proto__`, `constructor`) is just a name.
  const profiles = new Map<string, Profile>();
  for (const [name, profile] of Object.entries(parsed.profiles)) {
    if (!isRecord(profile)) throw usageError(`profile "${name}" of ${path} is not an object; expected ${shape}`);
    for (const field of ['url', 'apiKey'] as const) {
      if (profile[field] !== undefined && typeof profile[field] !== 'string') {
        throw usageError(`"${field}" of profile "${name}" in ${path} is not a string`);
      }
    }
    profiles.set(name, { url: profile.url as string | undefined, apiKey: profile.apiKey as string | undefined });
  }
  // The file holds API keys: say so when other users of the machine can read it (as ssh does).
  if (process.platform !== 'win32' && warn) {
    try {
      if ((statSync(path).mode & 0o077) !== 0) warn(`${path} can be read by other users; restrict it with: chmod 600 ${path}`);
    } catch {
      // It was just read; a failing stat only loses the advice.
    }
  }
  return profiles;
}

/** The parsed configuration file, or null when there is none. Its text is never repeated in an error. */
function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw usageError(`cannot read the configuration file ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the fault, which here may be an API key: the
    // file's content is never repeated.
    throw usageError(`the configuration file ${path} is not valid JSON (check its quotes, commas and braces)`);
  }
  return parsed;
}

/**
 * Writes a profile to the configuration file, keeping the other profiles and whatever else the file
 * holds. The file is written beside its place with mode 0600 and renamed into place, so that it is
 * never readable by others nor left half-written; its folder is made 0700 when missing.
 */
export function saveProfile(env: NodeJS.ProcessEnv, name: string, profile: { url: string; apiKey: string }): string {
  const path = configPath(env);
  const parsed = readConfigFile(path) ?? { profiles: {} };
  if (!isRecord(parsed) || !isRecord(parsed.profiles)) {
    throw usageError(`the configuration file ${path} is not shaped {"profiles": {...}}; fix or move it first`);
  }
  const previous = parsed.profiles[name];
  const kept = Object.entries(parsed.profiles).filter(([other]) => other !== name);
  // Own properties only: a profile named `__proto__` is a name like any other.
  const profiles = Object.fromEntries([
    ...kept,
    [name, { ...(isRecord(previous) ? previous : {}), url: profile.url, apiKey: profile.apiKey }],
  ]);
  const document = { ...parsed, profiles };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(partial, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(partial, path);
  } catch (error) {
    try {
      unlinkSync(partial);
    } catch {
      // Never written.
    }
    throw usageError(`cannot write the configuration file ${path}: ${(error as Error).message}`);
  }
  return path;
}

/** The address as the client sends to it: no trailing slash, without the API's base. */
const normalAddress = (url: string): string => url.replace(/\/+$/, '').replace(/\/l\/api$/, '');

/**
 * The configuration of this run: `LINKYARD_URL` and `LINKYARD_API_KEY` win over the profile file;
 * the profile is `--profile`, else `LINKYARD_PROFILE`, else `default`. The file is read only when
 * the environment does not give both. The key is never taken from the command line, where every
 * user of the machine could read it (`ps`).
 *
 * A profile's key is sent only to that profile's address: `LINKYARD_URL` naming another service
 * while the key comes from a profile is refused, so that an address left in the environment
 * cannot receive the key of `--profile prod`.
 */
export function loadConfig(options: ConfigOptions): Config {
  const { env } = options;
  const envUrl = env.LINKYARD_URL || undefined;
  const envKey = env.LINKYARD_API_KEY || undefined;
  const chosen = options.profile ?? (env.LINKYARD_PROFILE || undefined);
  const profileName = chosen ?? 'default';
  const path = configPath(env);

  let profile: Profile = {};
  let fromFile = false;
  if (!envUrl || !envKey) {
    const profiles = readProfiles(path, options.warn);
    const found = profiles?.get(profileName);
    if (found) {
      profile = found;
      fromFile = true;
    } else if (profiles) {
      const names = [...profiles.keys()];
      const known = names.length > 0 ? `profiles: ${names.join(', ')}` : 'it has none';
      const choose = chosen === undefined && names.length > 0 ? '; choose one with --profile or LINKYARD_PROFILE' : '';
      throw usageError(`no profile "${profileName}" in ${path} (${known})${choose}`);
    } else if (chosen !== undefined) {
      throw usageError(`no profile "${profileName}": there is no configuration file ${path}`);
    } else if (!envUrl && !envKey) {
      throw usageError(`no configuration: set LINKYARD_URL and LINKYARD_API_KEY, or write a profile to ${path} (see linkyard --help)`);
    }
  }

  const where = fromFile ? `profile "${profileName}" of ${path}` : 'the environment';
  const url = envUrl ?? profile.url;
  const apiKey = envKey ?? profile.apiKey;
  if (!url) throw usageError(`no service address: set LINKYARD_URL, or "url" in ${fromFile ? where : `a profile of ${path}`}`);
  if (!apiKey) throw usageError(`no API key: set LINKYARD_API_KEY, or "apiKey" in ${fromFile ? where : `a profile of ${path}`}`);

  // The profile's own address is checked before anything is compared with it; its text is not
  // repeated (it is the file's content).
  if (profile.url !== undefined && !isHttpUrl(profile.url)) throw usageError(`the "url" of ${where} is not an http or https URL`);
  if (envUrl !== undefined && !isHttpUrl(envUrl)) {
    throw usageError(`LINKYARD_URL ${JSON.stringify(envUrl)} is not an http or https URL`);
  }
  if (envUrl !== undefined && !envKey && fromFile) {
    if (profile.url === undefined) {
      throw usageError(
        `LINKYARD_URL is set and the API key comes from ${where}, which has no "url": a profile's key is sent only to its own ` +
          `address. Add "url" to the profile, or set LINKYARD_API_KEY for ${envUrl}`,
      );
    }
    if (normalAddress(envUrl) !== normalAddress(profile.url)) {
      throw usageError(
        `LINKYARD_URL (${envUrl}) is not the address of ${where}, whose API key would be sent there. A profile's key is sent ` +
          `only to its own address: unset LINKYARD_URL to use the profile, or set LINKYARD_API_KEY too for another service`,
      );
    }
  }
  const keySource = envKey ? 'LINKYARD_API_KEY' : `the "apiKey" of ${where}`;
  return { url: url.replace(/\/+$/, ''), apiKey, keySource };
}

function isHttpUrl(text: string): boolean {
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The service's own address, for the public routes outside the API: the configured URL may be
 * the API's base (`.../l/api`), which the client accepts too.
 */
export function serviceOrigin(config: Config): string {
  return config.url.replace(/\/+$/, '').replace(/\/l\/api$/, '');
}
