import { promises as dns } from 'node:dns';

/** Resolves a host name to its addresses and CNAME targets. Swappable so tests need no network. */
export interface HostResolver {
  resolve(host: string): Promise<{ addresses: string[]; aliases: string[] }>;
  /** The TXT records of a name, each record's strings joined; empty when there are none. */
  txt(name: string): Promise<string[]>;
}

export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

const LOOKUP_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), LOOKUP_TIMEOUT_MS).unref())]);
}

export const systemResolver: HostResolver = {
  async resolve(host) {
    const [addresses, aliases] = await Promise.all([
      withTimeout(
        dns
          .lookup(host, { all: true })
          .then((found) => found.map((entry) => entry.address))
          .catch(() => []),
        [],
      ),
      withTimeout(
        dns.resolveCname(host).catch(() => [] as string[]),
        [],
      ),
    ]);
    return { addresses, aliases: aliases.map((alias) => alias.toLowerCase().replace(/\.$/, '')) };
  },
  async txt(name) {
    const records = await withTimeout(
      dns.resolveTxt(name).catch(() => [] as string[][]),
      [],
    );
    return records.map((chunks) => chunks.join(''));
  },
};
