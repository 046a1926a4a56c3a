import { SpanKind } from '@opentelemetry/api';
import { tracing } from '@opentelemetry/sdk-node';
import { RedactingExporter } from './tracing';

/** Spans made by a real tracer and exported through the redacting exporter into memory. */
describe('RedactingExporter', () => {
  const memory = new tracing.InMemorySpanExporter();
  const provider = new tracing.BasicTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(new RedactingExporter(memory))] });
  const tracer = provider.getTracer('test');
  afterEach(() => memory.reset());
  afterAll(() => provider.shutdown());

  it("keeps a request's path without its query string, and leaves the query string out", () => {
    tracer
      .startSpan('GET', {
        kind: SpanKind.SERVER,
        attributes: {
          'url.path': '/l/api/account?key=lyk_sent-by-mistake',
          'url.query': 'key=lyk_sent-by-mistake',
          'http.request.method': 'GET',
        },
      })
      .end();
    const [span] = memory.getFinishedSpans();
    expect(span!.attributes).toEqual({ 'url.path': '/l/api/account', 'http.request.method': 'GET' });
    expect(span!.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps only the scheme, host and port of a webhook's URL, whatever it carries", () => {
    const span = tracer.startSpan('POST', { kind: SpanKind.CLIENT });
    span.setAttribute('url.full', 'https://user:pass@hooks.example.com:8443/services/T0/B0/s3cr3t?token=abc');
    span.setAttribute('server.address', 'hooks.example.com');
    span.end();
    expect(memory.getFinishedSpans()[0]!.attributes).toEqual({
      'url.full': 'https://hooks.example.com:8443',
      'server.address': 'hooks.example.com',
    });
  });

  it('sends a span with nothing to redact as it is', () => {
    tracer.startSpan('pg.query:SELECT', { attributes: { 'db.query.text': 'SELECT 1' } }).end();
    expect(memory.getFinishedSpans()[0]!.attributes).toEqual({ 'db.query.text': 'SELECT 1' });
  });
});
