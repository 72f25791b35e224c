// Retry arithmetic: which policy applies to a kind, whether a failed or abandoned attempt runs again, and when.
import type { RetryPolicy } from 'nexus/kernel';

/** Kinds that declare no policy run once: retrying is the executor's decision, since only it knows whether that is safe. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 1, initialBackoffMs: 0, maxBackoffMs: 0 };

/** Guards against a policy whose numbers are not positive integers. */
export function effectivePolicy(policy: RetryPolicy | undefined): RetryPolicy {
  if (policy === undefined) return DEFAULT_RETRY_POLICY;
  const whole = (n: number, min: number) => (Number.isFinite(n) ? Math.max(min, Math.floor(n)) : min);
  return {
    maxAttempts: whole(policy.maxAttempts, 1),
    initialBackoffMs: whole(policy.initialBackoffMs, 0),
    maxBackoffMs: whole(policy.maxBackoffMs, 0),
  };
}

/** Delay before attempt `failedAttempt + 1`: doubling from the initial back-off, capped. */
export function backoffMs(policy: RetryPolicy, failedAttempt: number): number {
  const doubled = policy.initialBackoffMs * 2 ** Math.max(0, failedAttempt - 1);
  return Math.min(doubled, Math.max(policy.maxBackoffMs, policy.initialBackoffMs));
}
