// Starts tracing once per process when the OTEL_* variables ask for it; otherwise loads nothing and the API stays a no-op.
import { tracingRequested } from './telemetry-switch.ts';

export interface Telemetry {
  readonly enabled: boolean;
  /** Flushes spans still queued; a process calls it when it closes. */
  shutdown(): Promise<void>;
}

const OFF: Telemetry = { enabled: false, shutdown: async () => undefined };
let started: Telemetry | undefined;

/**
 * `service` names the process (nexus-api, nexus-mcp, nexus-harness, nexus-worker) unless OTEL_SERVICE_NAME is set.
 * The SDK is imported only here and only when tracing is on, so a process that does not trace never loads it.
 */
export async function startTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): Promise<Telemetry> {
  if (started) return started;
  if (!tracingRequested(env)) {
    started = OFF;
    return started;
  }
  const { startNodeSdk } = await import('./node-sdk.ts');
  started = startNodeSdk(env.OTEL_SERVICE_NAME?.trim() ? undefined : service);
  return started;
}
