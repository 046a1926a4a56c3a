import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { HostResolver } from '../../infrastructure/host-resolver';

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
