// The OpenTelemetry Node SDK as Nexus runs it: traces only, exporter and protocol from OTEL_*, HTTP and store instrumentation.
import { NodeSDK } from '@opentelemetry/sdk-node';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import type { Telemetry } from './start-telemetry.ts';

/**
 * The trace exporter is left to the SDK so that OTEL_TRACES_EXPORTER, OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL (http/protobuf
 * by default, http/json), endpoints, headers and the sampler mean what they mean everywhere. Metrics and logs get no
 * exporters: Nexus exports traces, and the SDK would otherwise post both to the OTLP endpoint by default.
 *
 * Undici and Fastify are hooked through diagnostics channels, which work under the tsx ESM loader whatever was imported
 * first. The MongoDB instrumentation patches the driver's files as they are required, so it only sees a driver loaded
 * after this ran: the entrypoints import the application after starting telemetry.
 */
export function startNodeSdk(serviceName: string | undefined): Telemetry {
  const sdk = new NodeSDK({
    ...(serviceName === undefined ? {} : { serviceName }),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new UndiciInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false, instrumentHandler: false, ignorePaths: probe, requestHook: nameServerSpan }),
      // Statement text can carry the user's data; the conventions make it opt-in, and so do we (off).
      new MongoDBInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { enabled: true, shutdown: () => sdk.shutdown() };
}

/** HTTP server spans are named `{method} {route}` by the HTTP conventions; @fastify/otel calls them all `request`. */
function nameServerSpan(span: { updateName(name: string): unknown }, request: { method: string; routeOptions: { url?: string } }): void {
  span.updateName(request.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : request.method);
}

/** Liveness and readiness probes are polled by supervisors and load balancers; a trace per poll would only be noise. */
const PROBE_PATHS = new Set(['/health', '/ready']);
const probe = (route: { url: string }) => PROBE_PATHS.has(route.url);
