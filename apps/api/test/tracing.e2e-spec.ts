import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeLoopbackConnections, startBuiltService, type BuiltService } from './support/built-service';

/**
 * Traces reach an OpenTelemetry collector: the built service (`dist/main.js`, built before the
 * tests by `pnpm test`) runs as its own process with OTEL_EXPORTER_OTLP_ENDPOINT set to a tiny
 * OTLP/HTTP receiver on loopback, which keeps what it is sent. The exporter sends protobuf; the
 * checks read its strings and the trace id's bytes, which protobuf carries as they are.
 */

const ADMIN_KEY = 'lyk_trace-admin-key-0123456789abcdefghij';

interface Export {
  path: string;
  type: string;
  body: Buffer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  const exports: Export[] = [];
  let collector: Server;
  let service: BuiltService;

  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        exports.push({ path: request.url ?? '', type: String(request.headers['content-type']), body: Buffer.concat(chunks) });
        response.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    service = await startBuiltService({
      DATA_DIR: 'memory://',
      ADMIN_API_KEY: ADMIN_KEY,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      // No request starts a trace of its own: only those that come inside a sampled one.
      OTEL_TRACES_SAMPLER_ARG: '0',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 90_000);

  afterAll(async () => {
    await service?.stop();
    closeLoopbackConnections();
    collector?.closeAllConnections();
    await new Promise((resolve) => collector?.close(resolve));
  });

  /** Everything exported so far, as one buffer. */
  const exported = () => Buffer.concat(exports.map((item) => item.body));

  async function exportedWith(bytes: Buffer): Promise<Buffer> {
    const deadline = Date.now() + 15_000;
    while (!exported().includes(bytes)) {
      if (Date.now() > deadline) throw new Error(`No trace arrived within 15 s. The service's log:\n${service.output()}`);
      await sleep(100);
    }
    return exported();
  }

  it("sends an API call's spans, from the HTTP server down to its database queries, in the caller's trace", async () => {
    const traceId = randomBytes(16);
    const parent = randomBytes(8);
    const answer = await service.request('GET', '/l/api/account', {
      headers: { authorization: `Bearer ${ADMIN_KEY}`, traceparent: `00-${traceId.toString('hex')}-${parent.toString('hex')}-01` },
    });
    expect(answer.status).toBe(200);

    const sent = await exportedWith(traceId);
    expect(exports.every((item) => item.path === '/v1/traces' && item.type === 'application/x-protobuf')).toBe(true);
    const text = sent.toString('latin1');
    // The service, the three instrumentations, the route, the handler that runs the Nest pipeline, a query.
    for (const expected of [
      'linkyard',
      '@opentelemetry/instrumentation-http',
      '@fastify/otel',
      '@opentelemetry/instrumentation-pg',
      '/l/api/account',
      'handler - AccountController.getAccount',
      'pg.query:SELECT',
    ]) {
      expect(text).toContain(expected);
    }
    // The caller's span is the parent of the server's span.
    expect(sent.includes(parent)).toBe(true);
  });

  it('records no query string, and no key in a path, by the rule the request log follows', async () => {
    const sampled = () => `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
    const before = exports.length;
    const read = await service.request('GET', '/l/api/account?token=query-secret-1&key=lyk_query-secret-2', {
      headers: { authorization: `Bearer ${ADMIN_KEY}`, traceparent: sampled() },
    });
    expect(read.status).toBe(200);
    await service.request('GET', '/lyk_path-secret-3?password=query-secret-4', { headers: { traceparent: sampled() } });
    const marker = randomBytes(16);
    await service.request('GET', '/l/api/account', {
      headers: { authorization: `Bearer ${ADMIN_KEY}`, traceparent: `00-${marker.toString('hex')}-${randomBytes(8).toString('hex')}-01` },
    });
    await exportedWith(marker);
    const later = Buffer.concat(exports.slice(before).map((item) => item.body)).toString('latin1');
    expect(later).toContain('/l/api/account');
    expect(later).toContain('/REDACTED');
    for (const secret of ['query-secret', 'path-secret', 'token=', 'password=']) expect(later).not.toContain(secret);
  });

  it('records no span of a redirect (nor of the probes) that no caller sampled', async () => {
    const before = exports.length;
    const visit = await service.request('GET', '/an-alias-nobody-made', { headers: { 'user-agent': 'Mozilla/5.0' } });
    expect(visit.status).toBe(404);
    await service.request('GET', '/healthz');
    await service.request('GET', '/readyz');
    // A sampled request after them, to know the exporter has sent what it had.
    const marker = randomBytes(16);
    await service.request('GET', '/l/api/account', {
      headers: { authorization: `Bearer ${ADMIN_KEY}`, traceparent: `00-${marker.toString('hex')}-${randomBytes(8).toString('hex')}-01` },
    });
    await exportedWith(marker);
    const later = Buffer.concat(exports.slice(before).map((item) => item.body)).toString('latin1');
    expect(later).not.toContain('an-alias-nobody-made');
    expect(later).not.toContain('/:alias');
    expect(later).not.toContain('/healthz');
    expect(later).not.toContain('/readyz');
  });
});
