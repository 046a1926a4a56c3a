import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { ClientAddress } from '../../common/client-address';
import type { AutomaticHttps } from './automatic-https';

/**
 * The HTTPS listener of automatic HTTPS: each handshake's name gets its certificate from
 * AutomaticHttps (ordered then if need be); a name it refuses ends the handshake. Requests go to
 * the same handler as HTTP's.
 */
export function createHttpsServer(
  https: AutomaticHttps,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  timeouts: { requestTimeoutMs: number; keepAliveTimeoutMs: number },
): Server {
  const server = createServer(
    {
      minVersion: 'TLSv1.2',
      SNICallback: (name, done) => {
        https.contextFor(name).then(
          (context) => (context ? done(null, context) : done(new Error(`no certificate may be had for ${name.slice(0, 253)}`))),
          (error: Error) => done(error),
        );
      },
      requestTimeout: timeouts.requestTimeoutMs,
      headersTimeout: Math.min(60_000, timeouts.requestTimeoutMs),
    },
    handle,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // A handshake refused is the client's trouble, not an error of the service.
  server.on('tlsClientError', (_error, socket: TLSSocket) => socket.destroy());
  return server;
}

/**
 * On plain HTTP, a request to a host that has a certificate is sent to HTTPS (308: the method
 * and body kept), except the CA's challenges. False for the requests HTTP keeps answering.
 */
export function redirectToHttps(https: AutomaticHttps, client: ClientAddress, request: IncomingMessage, response: ServerResponse): boolean {
  if ((request.socket as Partial<TLSSocket>).encrypted) return false;
  // Only a host with a certificate (a checked name) is ever written into the address.
  const host = client.hostname(request).toLowerCase();
  if (!https.serves(host)) return false;
  response.writeHead(308, { location: `https://${host}${request.url ?? '/'}`, 'content-length': '0', 'cache-control': 'no-store' });
  response.end();
  return true;
}
