// Runs one tool call with a deadline and the run's cancellation, and reports how it ended instead of throwing.
import type { ToolResult } from './tool-source.ts';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type InvocationOutcome =
  | { kind: 'result'; result: ToolResult }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'error'; message: string };

/**
 * The tool gets its own AbortSignal, aborted on timeout or when the run is cancelled, so a well-behaved source
 * stops its work; the deadline does not wait for that to happen.
 */
export async function invokeWithDeadline(
  run: (signal: AbortSignal) => Promise<ToolResult>,
  options: { timeoutMs: number; signal: AbortSignal; timers: Timers },
): Promise<InvocationOutcome> {
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) onRunAbort();
  else options.signal.addEventListener('abort', onRunAbort, { once: true });
  let handle: unknown;
  const deadline = new Promise<InvocationOutcome>((resolve) => {
    handle = options.timers.setTimeout(() => {
      controller.abort(new Error('tool call timed out'));
      resolve({ kind: 'timeout', timeoutMs: options.timeoutMs });
    }, options.timeoutMs);
  });
  const work = (async (): Promise<InvocationOutcome> => {
    try {
      return { kind: 'result', result: await run(controller.signal) };
    } catch (err) {
      return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
    }
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    options.timers.clearTimeout(handle);
    options.signal.removeEventListener('abort', onRunAbort);
  }
}
