// The one tracer Nexus code asks for spans, and the helpers every seam uses: run work inside a span, read the trace id.
import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

export { SpanKind };
export type { Attributes, Context, Span };

/** With tracing off this is the API's no-op tracer: spans are never recorded and cost a function call. */
export const tracer = () => trace.getTracer('nexus');

/** The trace the current request belongs to; undefined when nothing is traced. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  if (span === undefined || !span.isRecording()) return undefined;
  return span.spanContext().traceId;
}

/** Marks a span failed; `type` is the low-cardinality error.type of the conventions (an error code, never a message). */
export function markFailed(span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** An error code when the error has one, else its class name: low-cardinality, and never the message. */
export function errorType(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  return err instanceof Error ? err.name : '_OTHER';
}

/**
 * Runs `work` with a new span as the active one (so HTTP calls inside carry it on) and ends it; a throw marks it
 * failed by error type only, because messages can quote what a user sent.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes ? { attributes: options.attributes } : {}) }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    markFailed(span, errorType(err));
    throw err;
  } finally {
    span.end();
  }
}
