import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'node:http';
import type { TracingConfig } from './config/config';

/** Probes and scrapes come every few seconds and say nothing about the service's work: no traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

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
 * OTLP/HTTP (protobuf) to OTEL_EXPORTER_OTLP_ENDPOINT, with the SDK's other variables
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
