import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

/** Resolves a host name to its addresses and CNAME targets. Swappable so tests need no network. */
export interface HostResolver {
  resolve(host: string): Promise<{ addresses: string[]; aliases: string[] }>;
}

export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

const LOOKUP_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), LOOKUP_TIMEOUT_MS).unref())]);
}

export const systemResolver: HostResolver = {
  async resolve(host) {
    const [addresses, aliases] = await Promise.all([
      withTimeout(dns.lookup(host, { all: true }).then((found) => found.map((entry) => entry.address)).catch(() => []), []),
      withTimeout(dns.resolveCname(host).catch(() => [] as string[]), []),
    ]);
    return { addresses, aliases: aliases.map((alias) => alias.toLowerCase().replace(/\.$/, '')) };
  },
};

/**
 * True when `host` points at one of the targets (DOMAIN_DNS_TARGETS): one of its addresses is a
 * target address or an address of a target host name, or its CNAME is a target host name.
 */
export async function pointsAtTargets(resolver: HostResolver, host: string, targets: string[]): Promise<boolean> {
  const { addresses, aliases } = await resolver.resolve(host);
  if (aliases.some((alias) => targets.includes(alias))) return true;
  const targetAddresses = new Set<string>();
  for (const target of targets) {
    if (isIP(target) !== 0) targetAddresses.add(target);
    else for (const address of (await resolver.resolve(target)).addresses) targetAddresses.add(address);
  }
  return addresses.some((address) => targetAddresses.has(address));
}
