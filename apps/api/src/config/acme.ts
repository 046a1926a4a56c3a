import { readFileSync } from 'node:fs';
import { ConfigError, integer, text } from './env';

/** Let's Encrypt's production directory: ACME_DIRECTORY's default. */
export const LETS_ENCRYPT_DIRECTORY = 'https://acme-v02.api.letsencrypt.org/directory';

/** Automatic HTTPS (docs/deployment.md#automatic-https): off unless ACME_EMAIL is set. */
export interface AcmeConfig {
  /** The CA account's contact address. */
  email: string;
  /** The CA's ACME directory URL. */
  directory: string;
  /** Certificates (PEM) trusted for the directory's HTTPS besides the system's: a private CA's root. */
  caCertificates: string | null;
  /** Seals the certificates' private keys and the CA account's key in the database. */
  storageKey: string;
  /** The port HTTPS is answered on. */
  httpsPort: number;
}

const ADDRESS = /^[^\s@\p{Cc}]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)+$/iu;

/** ACME_*: null unless ACME_EMAIL is set; the other variables alone are a mistake said at start. */
export function acmeConfig(env: NodeJS.ProcessEnv, port: number): AcmeConfig | null {
  const email = text(env, 'ACME_EMAIL');
  if (email === undefined) {
    for (const name of ['ACME_DIRECTORY', 'ACME_CA_FILE', 'ACME_STORAGE_KEY', 'HTTPS_PORT']) {
      if (text(env, name) !== undefined) throw new ConfigError(name, 'is set, but automatic HTTPS is off: set ACME_EMAIL to turn it on');
    }
    return null;
  }
  if (email.length > 254 || !ADDRESS.test(email)) {
    throw new ConfigError('ACME_EMAIL', `must be an e-mail address (the CA's contact for the account), got "${email.slice(0, 100)}"`);
  }
  const directory = text(env, 'ACME_DIRECTORY') ?? LETS_ENCRYPT_DIRECTORY;
  const url = URL.canParse(directory) ? new URL(directory) : null;
  if (!url || url.protocol !== 'https:') {
    throw new ConfigError('ACME_DIRECTORY', `must be the CA's https:// directory URL, got "${directory.slice(0, 200)}"`);
  }
  const storageKey = text(env, 'ACME_STORAGE_KEY');
  if (storageKey === undefined || storageKey.length < 32) {
    throw new ConfigError(
      'ACME_STORAGE_KEY',
      'must be set to at least 32 characters with ACME_EMAIL: it seals the private keys kept in the database (make one with: openssl rand -hex 32)',
    );
  }
  const caFile = text(env, 'ACME_CA_FILE');
  let caCertificates: string | null = null;
  if (caFile !== undefined) {
    try {
      caCertificates = readFileSync(caFile, 'utf8');
    } catch (error) {
      throw new ConfigError('ACME_CA_FILE', `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${caFile}`);
    }
    if (!caCertificates.includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConfigError('ACME_CA_FILE', `must hold PEM certificates: ${caFile}`);
    }
  }
  const httpsPort = integer(env, 'HTTPS_PORT', 8443, 1, 65535);
  if (httpsPort === port)
    throw new ConfigError('HTTPS_PORT', `must differ from PORT (${port}), which answers HTTP and the CA's challenges`);
  return { email, directory: url.href, caCertificates, storageKey, httpsPort };
}
