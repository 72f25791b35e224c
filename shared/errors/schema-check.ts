// The one schema check every boundary uses (HTTP requests, MCP tool arguments, harness requests, profile, config): strict, and
// answering with issues a person can act on.
import type { TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { issuesOf } from './schema-messages.ts';

/** One offending place: a JSON Pointer into the checked value ('' is the value itself) and what is wrong there. */
export interface SchemaIssue {
  readonly path: string;
  readonly message: string;
}

export interface SchemaCheckOptions {
  /** A JSON Pointer put before every issue's path, naming where the value sits (`/body`, `/payload`). */
  readonly at?: string;
  /** Leave out what came (a secret's value must not reach an error or a log); the messages still say what was expected. */
  readonly redact?: boolean;
}

/** A TypeBox schema, or plain JSON Schema as an MCP server advertises it. */
export type CheckedSchema = TSchema | Readonly<Record<string, unknown>>;

// TypeBox schemas are long-lived objects, so identity finds them (their text would not: a refinement's function is not in
// it). Tool lists are re-read often and hand out fresh plain objects for the same schema, so those are found by their text,
// in a bounded map that a churning registry cannot grow forever.
const MAX_BY_TEXT = 512;
const byIdentity = new WeakMap<object, Validator>();
const byText = new Map<string, Validator>();

function validatorFor(schema: CheckedSchema): Validator {
  const known = byIdentity.get(schema);
  if (known !== undefined) return known;
  if ('~kind' in schema) {
    const validator = Compile(schema as TSchema);
    byIdentity.set(schema, validator);
    return validator;
  }
  const text = JSON.stringify(schema);
  let validator = byText.get(text);
  if (validator === undefined) {
    validator = Compile(schema as TSchema);
    if (byText.size >= MAX_BY_TEXT) byText.delete(byText.keys().next().value as string);
    byText.set(text, validator);
  }
  byIdentity.set(schema, validator);
  return validator;
}

/**
 * Checks a value without converting or defaulting it; undefined when it conforms. Throws when the schema itself cannot be
 * compiled (an invalid pattern, say), which is the schema author's fault and not the value's.
 */
export function schemaIssues(schema: CheckedSchema, value: unknown, options: SchemaCheckOptions = {}): SchemaIssue[] | undefined {
  const validator = validatorFor(schema);
  if (validator.Check(value)) return undefined;
  const at = options.at ?? '';
  return issuesOf(schema, value, validator.Errors(value)).map((issue) => ({
    path: `${at}${issue.path}`,
    // Every message names what came only in its closing "got ..." clause, so cutting that clause is the whole redaction.
    message: options.redact ? issue.message.replace(/[;,] got .*$/s, '') : issue.message,
  }));
}

/** One issue as a line of text, for reports that are read rather than parsed (a profile's problems, a log line). */
export function formatIssue(issue: SchemaIssue): string {
  return `${issue.path === '' ? '/' : issue.path}: ${issue.message}`;
}

/** The first issue and how many more, for an error message that must stay one line. */
export function summarizeIssues(issues: readonly SchemaIssue[]): string {
  const [first] = issues;
  if (first === undefined) return 'no issue was named';
  return issues.length === 1 ? formatIssue(first) : `${formatIssue(first)} (and ${issues.length - 1} more)`;
}
