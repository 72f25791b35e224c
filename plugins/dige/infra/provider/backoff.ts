// When to try a provider call again: which answers are worth a retry, exponential backoff with jitter, and Retry-After.

export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for; the call fails instead. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 2_000, maxRetryAfterMs: 10_000 };

/** Answers that say "not now" rather than "no": overload, gateway trouble, rate limits. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

/** Delay before attempt `failedAttempt + 1`: doubling from the base, capped, with jitter in [50 %, 100 %] so clients spread out. */
export function backoffDelay(policy: RetryPolicy, failedAttempt: number, random: () => number): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1));
  return Math.round(full * (0.5 + random() / 2));
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
