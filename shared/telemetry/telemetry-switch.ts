// Decides from the standard OTEL_* variables whether this process exports traces at all; off unless an exporter is asked for.

type Env = Readonly<Record<string, string | undefined>>;

const set = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * On when an OTLP endpoint or a trace exporter is named, as the OpenTelemetry SDK reads them; `OTEL_SDK_DISABLED=true`
 * and `OTEL_TRACES_EXPORTER=none` keep it off. Off means the SDK is never loaded and the API's no-op tracer answers.
 */
export function tracingRequested(env: Env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (exporters.length > 0) return !(exporters.length === 1 && exporters[0] === 'none');
  return set(env.OTEL_EXPORTER_OTLP_ENDPOINT) || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The GenAI conventions' opt-in for recording prompts, answers and tool arguments on spans; off by default. */
export const CAPTURE_MESSAGE_CONTENT_ENV = 'OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT';

export function messageContentCaptured(env: Env): boolean {
  return env[CAPTURE_MESSAGE_CONTENT_ENV]?.trim().toLowerCase() === 'true';
}
