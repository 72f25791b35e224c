// Validates tool arguments against the tool's advertised JSON Schema: no type coercion, no defaults injected.
import Schema from 'typebox/schema';

export interface ArgumentProblem {
  path: string;
  message: string;
}

export type ArgumentCheck = { ok: true } | { ok: false; problems: ArgumentProblem[] };

type CompiledSchema = ReturnType<typeof Schema.Compile>;

// Tool lists are re-read often (dynamic discovery hands out fresh objects), so compiled validators are keyed by the
// schema's text rather than its identity; the bound keeps a registry that churns from growing the cache forever.
const MAX_CACHED = 512;
const cache = new Map<string, CompiledSchema>();

function compiled(schema: Record<string, unknown>): CompiledSchema {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit) return hit;
  const validator = Schema.Compile(schema as Parameters<typeof Schema.Compile>[0]);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, validator);
  return validator;
}

/** `Check`/`Errors` only read the value, which is why the typebox schema validator is used instead of `Value.Parse`. */
export function checkArguments(schema: Record<string, unknown>, value: unknown): ArgumentCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ path: '', message: 'arguments must be a JSON object' }] };
  }
  let validator: CompiledSchema;
  try {
    validator = compiled(schema);
  } catch (err) {
    return { ok: false, problems: [{ path: '', message: `the tool's input schema cannot be used: ${(err as Error).message}` }] };
  }
  if (validator.Check(value)) return { ok: true };
  const [, errors] = validator.Errors(value);
  const problems = errors.map((error) => ({ path: error.instancePath, message: error.message }));
  return { ok: false, problems: problems.length > 0 ? problems : [{ path: '', message: 'arguments do not match the schema' }] };
}
