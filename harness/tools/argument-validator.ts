// Validates tool arguments against the tool's advertised JSON Schema through the shared schema check: no coercion, no defaults.
import { schemaIssues, type SchemaIssue } from '../../shared/errors/schema-check.ts';

export type ArgumentCheck = { ok: true } | { ok: false; issues: SchemaIssue[] };

export function checkArguments(schema: Record<string, unknown>, value: unknown): ArgumentCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, issues: [{ path: '', message: 'arguments must be a JSON object' }] };
  }
  let issues: SchemaIssue[] | undefined;
  try {
    issues = schemaIssues(schema, value);
  } catch (err) {
    return { ok: false, issues: [{ path: '', message: `the tool's input schema cannot be used: ${(err as Error).message}` }] };
  }
  return issues === undefined ? { ok: true } : { ok: false, issues };
}
