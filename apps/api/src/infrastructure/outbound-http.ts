import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, type ClientRequest, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/**
 * The one way the service sends a request to an address a user gave (a QR logo to fetch, a
 * webhook to call): http or https only, no credentials in the URL, only to public addresses
 * (isPublicAddress: checked on the address the connection is made to, so a name cannot be
 * re-pointed in between, and before a URL is stored, by checkOutboundDestination), no redirects followed, the answer's body bounded, and one deadline
 * over all of it (name lookup, connection, headers and body), however slowly the other side
 * trickles them. Connections are kept open a few seconds between requests to the same place (a
 * webhook's next delivery, over TLS too, does not pay for a new one); a connection is only ever
 * reused under the rules it was opened by.
 */

/**
 * Whether an address may be called: only global unicast ones, as ipaddr.js classes them (its
 * `range()` is `unicast`), so loopback, private, shared (CGNAT), link-local, multicast, broadcast,
 * unspecified, reserved, benchmarking and documentation (TEST-NET) ranges are all refused, and in
 * IPv6 also unique-local, site-local, discard, Teredo, 6to4, ORCHID and anything outside 2000::/3
 * (IPv4-compatible `::a.b.c.d` included). IPv6 forms that carry an IPv4 address (mapped
 * `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) are judged as that
 * IPv4 address; the local-use NAT64 prefix (64:ff9b:1::/48) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64)) {
    const [high, low] = [v6.parts[6]!, v6.parts[7]!];
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]).range() === 'unicast';
  }
  return range === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** The IPv6 global unicast space (IANA); the rest of `unicast` in ipaddr.js's sense is unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** The well-known NAT64 prefix (RFC 6052): its last 32 bits are the IPv4 address reached. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * What every refused destination is told, whatever the reason (a private address, a name that
 * does not resolve, a name that resolves to private addresses only): the answer never tells a
 * private name from a missing one.
 */
export const REFUSED_DESTINATION = 'the host is not a public address or a name that resolves to one';

/** Resolves a host name to its addresses; empty when it does not resolve. */
export type AddressLookup = (host: string) => Promise<string[]>;

/** A name is given this long to resolve when a URL is checked before it is stored. */
const LOOKUP_TIMEOUT_MS = 5000;

/** The system's resolver (as a connection uses it), bounded by LOOKUP_TIMEOUT_MS. */
export const systemLookup: AddressLookup = (host) =>
  Promise.race([
    dnsPromises
      .lookup(host, { all: true })
      .then((found) => found.map((entry) => entry.address))
      .catch(() => []),
    new Promise<string[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS).unref()),
  ]);

/**
 * An idle connection is closed after this long, whatever the other side sends meanwhile: below the
 * 5 s servers commonly keep one (Node's default).
 */
const IDLE_MS = 4000;
/** Idle connections kept per address. */
const IDLE_PER_HOST = 4;
/** Connections open at once per agent, in use or idle; past it a request waits for one, within its deadline. */
const MAX_CONNECTIONS = 256;
/**
 * When the caller wants the status only, the answer's body is read and dropped for this long and up
 * to this much, so the connection can serve again; past either it is closed.
 */
const DRAIN_MS = 1000;
const DRAINED_BYTES = 64 * 1024;
/** A reused connection that fails this soon after the request went out was closed by the other side before it read it. */
const STALE_MS = 1000;
/** Errors of a kept connection that the other side closed as it was reused. */
const STALE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * The kept connections, apart for requests that may reach private addresses and those that may not:
 * one opened to a private address is never lent to a request that must not reach it.
 */
const agents = {
  public: { http: keptAlive(HttpAgent), https: keptAlive(HttpsAgent) },
  private: { http: keptAlive(HttpAgent), https: keptAlive(HttpsAgent) },
};

/** Closes the kept connections that are idle (at a stop, once the requests under way have ended). */
export function closeIdleConnections(): void {
  for (const kind of Object.values(agents)) {
    for (const agent of Object.values(kind)) {
      for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
    }
  }
}

function keptAlive<A extends HttpAgent>(Agent: new (options: ConstructorParameters<typeof HttpAgent>[0]) => A): A {
  const agent = new Agent({
    keepAlive: true,
    maxFreeSockets: IDLE_PER_HOST,
    maxTotalSockets: MAX_CONNECTIONS,
    timeout: IDLE_MS,
    scheduling: 'lifo',
  });
  // The agent's own timeout restarts whenever the other side sends a byte: an idle connection also
  // gets a timer that nothing restarts, cleared when the connection is lent again.
  const idle = new WeakMap<Duplex, NodeJS.Timeout>();
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  const reuse = agent.reuseSocket.bind(agent);
  Object.assign(agent, {
    keepSocketAlive(socket: Duplex): boolean {
      if (!keep(socket)) return false;
      idle.set(socket, setTimeout(() => socket.destroy(), IDLE_MS).unref());
      return true;
    },
    reuseSocket(socket: Duplex, request: ClientRequest): void {
      clearTimeout(idle.get(socket));
      idle.delete(socket);
      reuse(socket, request);
    },
  });
  return agent;
}

/** Why a request out did not get an answer. */
export type OutboundFailure = 'url' | 'scheme' | 'credentials' | 'refused' | 'timeout' | 'too-large' | 'connection' | 'incomplete';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    /** The system's error code of a failed connection (ECONNREFUSED, ENOTFOUND...), when there is one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The deadline over the whole exchange. */
  timeoutMs: number;
  /** The most of the answer's body read; past it the exchange fails (`too-large`). 0: the body is not read (the status decides). */
  maxBytes: number;
  /** Addresses that are not public allowed (tests and private networks, by a setting). */
  allowPrivate: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Checks the URL before anything is sent: the reasons it is never called. */
export function checkOutboundUrl(source: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new OutboundError('url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('scheme', 'not an http or https URL');
  if (url.username || url.password) throw new OutboundError('credentials', 'the URL carries credentials');
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) throw refused();
  return url;
}

/**
 * Checks a URL before it is stored (a webhook's): what checkOutboundUrl checks, and that its name
 * resolves now to a public address, by the rule a connection applies (which checks again when it
 * connects, so a name re-pointed later is refused then). Every refused destination gets the same
 * error (REFUSED_DESTINATION).
 */
export async function checkOutboundDestination(source: string, allowPrivate: boolean, lookup: AddressLookup = systemLookup): Promise<URL> {
  const url = checkOutboundUrl(source, allowPrivate);
  const host = hostOf(url);
  if (allowPrivate || isIP(host) !== 0) return url;
  const addresses = await lookup(host).catch(() => []);
  if (!addresses.some(isPublicAddress)) throw refused();
  return url;
}

/** The URL's host, an IPv6 address without its brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function refused(): OutboundError {
  return new OutboundError('refused', REFUSED_DESTINATION);
}

export async function outboundRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const url = checkOutboundUrl(request.url, request.allowPrivate);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      // A name that does not resolve is refused as one that resolves to private addresses only.
      const allowed = error ? [] : request.allowPrivate ? addresses : addresses.filter((entry) => isPublicAddress(entry.address));
      const first = allowed[0];
      if (!first) return callback(Object.assign(new Error('refused destination'), { code: 'LINKYARD_REFUSED' }), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, first.address, first.family);
    });
  };

  // One deadline for everything; aborting it ends the request and the response stream alike.
  const deadline = AbortSignal.timeout(request.timeoutMs);
  const failed = (error: { code?: string }): never => {
    if (error.code === 'LINKYARD_REFUSED') throw refused();
    if (error.code === 'LINKYARD_TOO_LARGE') throw new OutboundError('too-large', `an answer over ${request.maxBytes} bytes`);
    if (deadline.aborted) throw new OutboundError('timeout', `no answer within ${request.timeoutMs / 1000} seconds`);
    if (error.code === 'LINKYARD_INCOMPLETE') throw new OutboundError('incomplete', 'the answer was cut off');
    throw new OutboundError('connection', `the connection failed (${error.code ?? 'closed'})`, error.code);
  };
  const send = (): Promise<IncomingMessage> =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const https = url.protocol === 'https:';
      const agent = agents[request.allowPrivate ? 'private' : 'public'][https ? 'https' : 'http'];
      const headers = {
        ...request.headers,
        ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
      };
      const outgoing = (https ? httpsRequest : httpRequest)(
        url,
        { method: request.method, lookup, signal: deadline, headers, agent },
        resolve,
      );
      const sentAt = Date.now();
      outgoing.on('error', (error: Error & { code?: string }) =>
        // A kept connection the other side closed as it was lent: sent again once. A later failure is
        // not (the other side may have read the request).
        reject(
          Object.assign(error, {
            stale: outgoing.reusedSocket && !deadline.aborted && STALE.has(error.code ?? '') && Date.now() - sentAt < STALE_MS,
          }),
        ),
      );
      outgoing.end(request.body);
    });
  const response = await send()
    .catch((error: Error & { stale?: boolean }) => {
      if (error.stale) return send();
      throw error;
    })
    .catch(failed);

  if (request.maxBytes === 0) {
    // The status decides, now. The body is read and dropped meanwhile, for DRAIN_MS and up to
    // DRAINED_BYTES, so that after a short one the connection serves again.
    if (Number(response.headers['content-length']) > DRAINED_BYTES) response.destroy();
    else {
      const cut = setTimeout(() => response.destroy(), DRAIN_MS).unref();
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > DRAINED_BYTES) response.destroy();
      });
      response.on('close', () => clearTimeout(cut));
    }
    response.on('error', () => undefined);
    return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.alloc(0) };
  }
  const declared = Number(response.headers['content-length']);
  if (declared > request.maxBytes) {
    response.destroy();
    failed({ code: 'LINKYARD_TOO_LARGE' });
  }
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > request.maxBytes) response.destroy(Object.assign(new Error('too large'), { code: 'LINKYARD_TOO_LARGE' }));
      else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
    response.on('close', () => {
      if (!response.complete) reject(Object.assign(new Error('aborted'), { code: 'LINKYARD_INCOMPLETE' }));
    });
  }).catch(failed);
  return { status: response.statusCode ?? 0, headers: response.headers, body };
}
