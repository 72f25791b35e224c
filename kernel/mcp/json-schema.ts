// TypeBox schemas as the wire sees them: plain JSON Schema for tools/list, compiled checks (no coercion) for arguments and results.
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';

/** One offending field: a JSON Pointer into the checked value ('' is the value itself) and what is wrong there. */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
}

/** A JSON Schema whose top level describes an object, as MCP requires for tool input and output schemas. */
export interface ObjectJsonSchema {
  [key: string]: unknown;
  type: 'object';
}

// Keyed by the schema object, so a reloaded plugin's new schemas get fresh entries and the old ones are collected.
const plainCopies = new WeakMap<TSchema, Record<string, unknown>>();
const validators = new WeakMap<TSchema, Validator>();

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

function validatorFor(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

function pointer(base: string, property: string): string {
  return `${base}/${property.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

/** Checks a value without converting or defaulting it; undefined when it conforms. */
export function schemaIssues(schema: TSchema, value: unknown): SchemaIssue[] | undefined {
  const validator = validatorFor(schema);
  if (validator.Check(value)) return undefined;
  const issues: SchemaIssue[] = [];
  for (const error of validator.Errors(value)) {
    const params = error.params as Record<string, unknown>;
    // Name each missing or unexpected property as its own field rather than one message on the parent.
    if (error.keyword === 'required' && Array.isArray(params['requiredProperties'])) {
      for (const name of params['requiredProperties'] as string[]) {
        issues.push({ path: pointer(error.instancePath, name), message: 'is required' });
      }
    } else if (error.keyword === 'additionalProperties' && Array.isArray(params['additionalProperties'])) {
      for (const name of params['additionalProperties'] as string[]) {
        issues.push({ path: pointer(error.instancePath, name), message: 'is not an allowed property' });
      }
    } else if (!(error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties'))) {
      // The 'boolean' error of `additionalProperties: false` repeats the property already named above.
      issues.push({ path: error.instancePath, message: error.message });
    }
  }
  return issues;
}
