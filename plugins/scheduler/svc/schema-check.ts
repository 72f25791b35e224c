// Strict schema checks through the kernel's validator (no coercion, no defaults), reported as dotted field names.
import type { TSchema } from 'typebox';
import { schemaIssues as kernelSchemaIssues } from 'nexus/kernel';

export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

/** The fields of `value` that break `schema`, as `<prefix>.<path>`; empty when it conforms. */
export function schemaIssues(schema: TSchema, value: unknown, prefix: string): FieldIssue[] {
  return (kernelSchemaIssues(schema, value) ?? []).map(({ path, message }) => {
    const steps = path.split('/').slice(1).map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
    return { field: [prefix, ...steps].filter((step) => step !== '').join('.'), message };
  });
}
