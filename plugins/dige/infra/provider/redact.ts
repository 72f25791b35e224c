// Makes provider bodies safe to store: credentials are masked by key and by value, and very large bodies are cut down.

const SECRET_KEY = /secret|token|password|authorization|credential|cookie/i;
const MASK = '[redacted]';
const MAX_DEPTH = 12;
const MAX_STORED_CHARS = 16_384;

function scrubString(value: string, secrets: readonly string[]): string {
  let out = value;
  for (const s of secrets) if (s.length >= 4 && out.includes(s)) out = out.split(s).join(MASK);
  return out;
}

function scrub(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return scrubString(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => scrub(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    // Stored documents must not carry MongoDB operator or path syntax in their keys.
    const safeKey = key.replace(/^\$/, '＄').replaceAll('.', '．');
    out[safeKey] = SECRET_KEY.test(key) ? MASK : scrub(v, secrets, depth + 1);
  }
  return out;
}

/**
 * A copy of `body` fit for dige_api_calls: values under credential-like keys are masked, any occurrence of a known
 * secret value is masked wherever it appears, and a body too large to keep is replaced by its size.
 */
export function redactBody(body: unknown, secrets: readonly string[]): unknown {
  if (body === undefined) return null;
  const clean = scrub(body, secrets, 0);
  const size = JSON.stringify(clean)?.length ?? 0;
  return size > MAX_STORED_CHARS ? { truncated: true, chars: size } : clean;
}

/** Masks known secret values inside free text such as an error message. */
export function redactText(text: string, secrets: readonly string[]): string {
  return scrubString(text, secrets);
}
