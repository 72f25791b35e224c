// JSON Schema helpers for generated forms: field kinds, labels, and validation (TypeBox's JSON Schema checker, the server's own validator family).
import Schema from 'typebox/schema';
import type { JsonSchema } from '../api/types.ts';

export type FieldKind = 'enum' | 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'list' | 'scalar' | 'json';

const isNull = (s: JsonSchema) => s.type === 'null';

/** The schema without a `null` alternative, and whether null was allowed. */
export function unwrapNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.some(isNull)) {
    const rest = alternatives.filter((s) => !isNull(s));
    if (rest.length === 1) return { schema: rest[0]!, nullable: true };
    return { schema: { ...schema, anyOf: rest, oneOf: undefined }, nullable: true };
  }
  return { schema, nullable: false };
}

/** The allowed values when the schema is an enum, a const, or a union of consts. */
export function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length && alternatives.every((s) => s.const !== undefined || s.enum?.length === 1)) {
    return alternatives.map((s) => (s.const !== undefined ? s.const : s.enum![0]));
  }
  return undefined;
}

export function fieldKind(schema: JsonSchema): FieldKind {
  if (enumValues(schema)) return 'enum';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const scalar = alternatives.every((s) => s.type === 'string' || s.type === 'number' || s.type === 'integer' || s.type === 'boolean');
    return scalar ? 'scalar' : 'json';
  }
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return schema.type;
    case 'object':
      return schema.properties ? 'object' : 'json';
    case 'array': {
      const item = schema.items;
      return item && (item.type === 'string' || item.type === 'number' || item.type === 'integer') ? 'list' : 'json';
    }
    default:
      return 'json';
  }
}

/** "deviceId" -> "Device id"; a schema title wins. */
export function labelOf(key: string, schema?: JsonSchema): string {
  if (schema?.title) return schema.title;
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Drops undefined members (an untouched optional field), so validation and the server see it as absent. */
export function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) if (member !== undefined) out[key] = prune(member);
    return out;
  }
  return value;
}

export interface FieldError {
  /** JSON pointer of the offending value, e.g. `/value`. */
  path: string;
  message: string;
}

/** Every problem of `value` against `schema`, keyed to the field it belongs to (a missing field's own path). */
export function validate(schema: JsonSchema, value: unknown): FieldError[] {
  const [ok, errors] = Schema.Errors(schema as never, prune(value));
  if (ok) return [];
  const out: FieldError[] = [];
  for (const e of errors) {
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (e.keyword === 'required' && params.requiredProperties) {
      for (const name of params.requiredProperties) out.push({ path: `${e.instancePath}/${name}`, message: 'is required' });
    } else if (e.keyword === 'boolean' && e.schemaPath.endsWith('additionalProperties')) {
      continue; // reported once more by the additionalProperties keyword
    } else if (e.keyword === 'additionalProperties' && params.additionalProperties) {
      out.push({ path: e.instancePath, message: `unknown field ${params.additionalProperties.join(', ')}` });
    } else {
      out.push({ path: e.instancePath, message: e.message });
    }
  }
  return out;
}

export function errorsAt(errors: readonly FieldError[], path: string): string | undefined {
  const own = errors.filter((e) => e.path === path).map((e) => e.message);
  return own.length > 0 ? own.join('; ') : undefined;
}

/** Starting values for a new form: defaults and consts, nothing else. */
export function initialValue(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.default !== undefined) out[key] = prop.default;
    else if (prop.const !== undefined) out[key] = prop.const;
    else if (fieldKind(prop) === 'object') out[key] = initialValue(prop);
  }
  return out;
}
