// The redirect's answer alone: a bare node:http server sending, to every request, the 302 the
// service sent to one redirect, header for header (its security headers, Cache-Control,
// Referrer-Policy and Location as captured by `curl -D FILE`; a new X-Request-Id each time, as the
// service makes one). None of Linkyard's work: no lookup, no visit, no click. What the redirect
// costs beyond it is the service's own work.
//
//   PORT=4103 node bench/answer-floor.mjs FILE
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Node writes these itself, or the server sets them per answer.
const OWN = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);
const [status, ...lines] = readFileSync(process.argv[2], 'latin1').split('\r\n').filter(Boolean);
if (!/^HTTP\/1\.1 302 /.test(status)) throw new Error(`not a redirect's answer: ${status}`);
const headers = lines
  .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])
  .filter(([name]) => !OWN.has(name))
  .flat();

const port = Number(process.env.PORT ?? 4103);
createServer((_request, response) => {
  response.writeHead(302, [...headers, 'x-request-id', randomUUID(), 'content-length', '0']);
  response.end();
}).listen(port, '127.0.0.1', () => console.log(`the redirect's answer alone, ${headers.length / 2} headers, on ${port}`));
