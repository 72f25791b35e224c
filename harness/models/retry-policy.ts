// When and how long to wait before retrying a model call: status classes, Retry-After parsing, exponential backoff.

/** 408 and 429 are transient by definition; 5xx (529 "overloaded" included) are the provider's own trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Retry-After is either delta-seconds or an HTTP date; a `retry-after-ms` header (sent by some providers) wins. */
export function parseRetryAfterMs(headers: { get(name: string): string | null }, nowMs: number): number | undefined {
  const precise = headers.get('retry-after-ms');
  if (precise !== null && /^\d+(\.\d+)?$/.test(precise.trim())) return Math.ceil(Number(precise));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Full-range jitter on the upper half keeps retries of many clients apart without ever retrying instantly. */
export function backoffDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
