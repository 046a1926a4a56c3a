import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { Attributes } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'node:http';
import { redactUrl } from './common/redaction';
import type { TracingConfig } from './config/config';

/** Probes and scrapes come every few seconds and say nothing about the service's work: no traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The attributes that hold a URL or a path (the HTTP server's, Fastify's, an outgoing request's). */
const URL_ATTRIBUTES = new Set(['url.full', 'url.path', 'url.original', 'http.url', 'http.target']);
/** The attributes that hold only what the redaction rule drops (a query string, a fragment): left out. */
const DROPPED_ATTRIBUTES = new Set(['url.query', 'url.fragment']);

/** The span's attributes under the redaction rule (common/redaction.ts); the same object when nothing changes. */
export function redactedAttributes(attributes: Attributes): Attributes {
  let redacted: Attributes | null = null;
  for (const [key, value] of Object.entries(attributes)) {
    const dropped = DROPPED_ATTRIBUTES.has(key);
    const replaced = !dropped && URL_ATTRIBUTES.has(key) && typeof value === 'string' ? redactUrl(value) : value;
    if (!dropped && replaced === value) continue;
    redacted ??= { ...attributes };
    if (dropped) delete redacted[key];
    else redacted[key] = replaced;
  }
  return redacted ?? attributes;
}

/**
 * Sends spans through `exporter` with their URLs redacted by the rule the request log and the
 * metrics follow (common/redaction.ts): a request's path without its query string, another site's
 * URL (a webhook's, a logo's) as its scheme, host and port. Everything else of a span is sent as it is.
 */
export class RedactingExporter implements tracing.SpanExporter {
  constructor(private readonly exporter: tracing.SpanExporter) {}

  export(spans: tracing.ReadableSpan[], done: Parameters<tracing.SpanExporter['export']>[1]): void {
    this.exporter.export(spans.map(redactedSpan), done);
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}

function redactedSpan(span: tracing.ReadableSpan): tracing.ReadableSpan {
  const attributes = redactedAttributes(span.attributes);
  if (attributes === span.attributes) return span;
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status,
    attributes,
    links: span.links,
    events: span.events,
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

function samplerOf(config: TracingConfig): tracing.Sampler {
  const ratio = new tracing.TraceIdRatioBasedSampler(config.ratio);
  switch (config.sampler) {
    case 'always_on':
      return new tracing.AlwaysOnSampler();
    case 'always_off':
      return new tracing.AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_on':
      return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new tracing.ParentBasedSampler({ root: new tracing.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new tracing.ParentBasedSampler({ root: ratio });
  }
}

/**
 * Starts the OpenTelemetry SDK: traces of the HTTP server (a span per request), of Fastify (the
 * route and its handler, which holds the whole Nest pipeline of an API call: guards, validation,
 * controller) and of PostgreSQL (a span per query, inside a request's trace only), sent over
 * OTLP/HTTP (protobuf) to OTEL_EXPORTER_OTLP_ENDPOINT with their URLs redacted (RedactingExporter),
 * with the SDK's other variables
 * (OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES...) as the SDK reads them. Metrics stay
 * with Prometheus (`/metrics`), and logs on standard output.
 *
 * It patches `http` and `pg` as they load, so main.ts runs it before it loads the service, and
 * only when an endpoint is configured: without one this file is never loaded.
 */
export function startTracing(config: TracingConfig): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    sampler: samplerOf(config),
    // The exporter reads OTEL_EXPORTER_OTLP_* itself; the SDK batches its spans by OTEL_BSP_*.
    traceExporter: new RedactingExporter(new OTLPTraceExporter()),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0]!),
      }),
      // Registers itself on the Fastify instance Nest creates; a span per request and one for its
      // handler (the hooks' own spans would be a dozen per request, saying little).
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
      }),
      // The click writer's batches run outside any request: they would each start a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}
