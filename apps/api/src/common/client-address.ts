import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/** Whether the `hop`th address (0: the peer of the socket) is a proxy this service trusts. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The proxies TRUST_PROXY names: a number of hops counted from the service (the client is the
 * address the farthest of them saw), or a list of addresses and ranges; false trusts none. The
 * same function is given to Fastify, so both ways of reading a request agree.
 */
export function trustProxyOf(setting: number | string[] | false): TrustProxy | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** Who sent a request, and to which host, read from the raw request as Fastify reads them. */
export interface ClientAddress {
  /** The client's address: the socket's peer, or the farthest address the trusted proxies saw. */
  ip(request: IncomingMessage): string;
  /** The host asked for, without its port: `X-Forwarded-Host` (its last value) when the peer is a trusted proxy, else `Host`. */
  hostname(request: IncomingMessage): string;
}

export function clientAddress(trust: TrustProxy | false): ClientAddress {
  const host = (request: IncomingMessage): string => {
    const forwarded = request.headers['x-forwarded-host'] as string | undefined;
    const peer = request.socket?.remoteAddress;
    if (trust && forwarded && peer !== undefined && trust(peer, 0)) {
      const last = forwarded.lastIndexOf(',');
      return last === -1 ? forwarded.trim() : forwarded.slice(last + 1).trim();
    }
    return request.headers.host ?? '';
  };
  return {
    ip: trust
      ? (request) => {
          const all = proxyAddr.all(request, trust);
          return all[all.length - 1]!;
        }
      : (request) => request.socket?.remoteAddress ?? '',
    hostname(request) {
      const asked = host(request);
      return asked[0] === '[' ? asked.slice(0, asked.indexOf(']') + 1) : asked.split(':', 1)[0]!;
    },
  };
}

/**
 * Where guesses (of a key, a password) are counted from: the address, or for IPv6 its /64, the
 * block one subscriber or host is usually given (an IPv4-mapped address counts as its IPv4 address).
 */
export function guessSource(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
