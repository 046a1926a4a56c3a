import { createHmac } from 'node:crypto';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';

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

/** The DNS name whose TXT record proves control of a branded domain. */
export function ownershipRecord(host: string): string {
  return `_linkyard.${host}`;
}

/**
 * The TXT value that proves control of `host` for one account: an HMAC of both with the
 * service's secret, so it can be neither guessed nor reused by another account or for another host.
 */
export function ownershipToken(secret: string, accountId: number, host: string): string {
  return `linkyard-verification=${createHmac('sha256', secret).update(`${accountId}:${host}`).digest('hex').slice(0, 40)}`;
}

/** True when the domain's TXT record holds the account's token. */
export async function provesOwnership(resolver: HostResolver, host: string, token: string): Promise<boolean> {
  return (await resolver.txt(ownershipRecord(host))).some((record) => record.trim() === token);
}

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
