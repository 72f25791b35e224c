// TypeBox schemas as the wire sees them: plain JSON Schema for tools/list (values are checked by shared/errors/schema-check.ts).
import type { TSchema } from 'typebox';

/** A JSON Schema whose top level describes an object, as MCP requires for tool input and output schemas. */
export interface ObjectJsonSchema {
  [key: string]: unknown;
  type: 'object';
}

// Keyed by the schema object, so a reloaded plugin's new schemas get fresh entries and the old ones are collected.
const plainCopies = new WeakMap<TSchema, Record<string, unknown>>();

function plainCopy(schema: TSchema): Record<string, unknown> {
  let copy = plainCopies.get(schema);
  if (copy === undefined) {
    // A JSON round trip drops TypeBox's symbol and non-enumerable markers, leaving only what a JSON client can read.
    copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    plainCopies.set(schema, copy);
  }
  return copy;
}

/** The schema as plain JSON Schema, or undefined when its top level is not an object schema. */
export function toObjectJsonSchema(schema: TSchema): ObjectJsonSchema | undefined {
  const copy = plainCopy(schema);
  return copy['type'] === 'object' ? (copy as ObjectJsonSchema) : undefined;
}
