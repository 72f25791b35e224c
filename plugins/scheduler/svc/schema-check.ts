// Strict schema checks with compiled TypeBox validators: no coercion, no defaults, every offending field named.
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';

export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

// Keyed by the schema object, so a reloaded executor's new schema gets a fresh validator and the old one is collected.
const validators = new WeakMap<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** The fields of `value` that break `schema`, as `<prefix>.<path>`; empty when it conforms. */
export function schemaIssues(schema: TSchema, value: unknown, prefix: string): FieldIssue[] {
  const validator = validatorFor(schema);
  if (validator.Check(value)) return [];
  const field = (path: string) => (prefix + path.replaceAll('/', '.')).replace(/^\./, '');
  return validator.Errors(value).flatMap((error): FieldIssue[] => {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && Array.isArray(params['requiredProperties'])) {
      return (params['requiredProperties'] as string[]).map((name) => ({ field: field(`${error.instancePath}/${name}`), message: 'is required' }));
    }
    if (error.keyword === 'additionalProperties' && Array.isArray(params['additionalProperties'])) {
      return (params['additionalProperties'] as string[]).map((name) => ({ field: field(`${error.instancePath}/${name}`), message: 'is not an allowed property' }));
    }
    // The 'boolean' error of `additionalProperties: false` repeats the property named above.
    if (error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')) return [];
    return [{ field: field(error.instancePath), message: error.message }];
  });
}
