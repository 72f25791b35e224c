// How an executor says its work may run again after a failure: the usual back-off, checked when the plugin is built.
import type { RetryPolicy } from '../contracts/scheduled-task-executor.ts';

/** From 5 s, doubling, at most a minute apart: long enough for a provider to recover, short enough for a schedule. */
const USUAL_BACKOFF = { initialBackoffMs: 5_000, maxBackoffMs: 60_000 } as const;

/**
 * Only for work that is safe to repeat (idempotent, or keyed by the run's idempotency key): an executor without a
 * policy runs each occurrence once.
 */
export function retryPolicy(policy: Pick<RetryPolicy, 'maxAttempts'> & Partial<RetryPolicy>): RetryPolicy {
  const full = { ...USUAL_BACKOFF, ...policy };
  const whole = (n: number, min: number) => Number.isInteger(n) && n >= min;
  if (!whole(full.maxAttempts, 1) || !whole(full.initialBackoffMs, 0) || !whole(full.maxBackoffMs, full.initialBackoffMs)) {
    throw new Error(`retry policy ${JSON.stringify(full)}: maxAttempts must be a whole number >= 1 and 0 <= initialBackoffMs <= maxBackoffMs`);
  }
  return full;
}
