// Turns TypeBox's validation errors into issues a person reads: what was expected and what came, which names or values are
// allowed, and for a union the one alternative the value was evidently meant to be.
import { closestName } from './closest-name.ts';
import { isNode, child, schemaAt, resolve, valueAt, jsonType, literalsOf, typesOf, fits, instancePathOf } from './schema-nodes.ts';
import type { SchemaIssue } from './schema-check.ts';

/** A validation error as TypeBox reports it (`Validator.Errors`). */
export interface RawSchemaError {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly instancePath: string;
  readonly params: object;
  readonly message: string;
}

/** Unknown-field messages list the allowed names when there are at most this many. */
const LISTED_NAMES = 12;
const SHOWN_CHARACTERS = 60;

function literal(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function expected(types: Iterable<string>): string {
  return [...types].map((type) => TYPE_NAMES[type] ?? type).join(' or ');
}

function got(value: unknown): string {
  switch (jsonType(value)) {
    case 'undefined':
      return 'nothing';
    case 'null':
      return 'null';
    case 'string':
      return `a string (${literal(value)})`;
    case 'number':
      return `a number (${String(value)})`;
    case 'boolean':
      return String(value);
    case 'array':
      return `an array of ${(value as unknown[]).length}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const tick = (name: string) => `\`${name}\``;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function oneOf(values: readonly unknown[], value: unknown): string {
  return `must be one of ${values.map(literal).join(', ')}; got ${value === undefined ? 'nothing' : literal(value)}`;
}

function unknownField(name: string, declared: readonly string[]): string {
  const near = closestName(name, declared);
  if (near !== undefined) return `unknown field ${tick(name)}; did you mean ${tick(near)}?`;
  if (declared.length === 0) return `unknown field ${tick(name)}; no fields are allowed here`;
  if (declared.length <= LISTED_NAMES) return `unknown field ${tick(name)}; the allowed fields are ${declared.map(tick).join(', ')}`;
  return `unknown field ${tick(name)}`;
}

/** A property every alternative pins to its own literal (`type: 'cron'` or `type: 'once'`), which tells them apart. */
function discriminator(root: unknown, alternatives: readonly unknown[]): { name: string; values: unknown[][] } | undefined {
  const first = resolve(root, alternatives[0]);
  const properties = isNode(first) && isNode(first['properties']) ? Object.keys(first['properties']) : [];
  for (const name of properties) {
    const values = alternatives.map((alternative) => {
      const node = resolve(root, alternative);
      const property = isNode(node) && isNode(node['properties']) ? node['properties'][name] : undefined;
      return property === undefined ? undefined : literalsOf(root, property);
    });
    if (values.every((set) => set !== undefined)) return { name, values: values as unknown[][] };
  }
  return undefined;
}

function unionIssues(root: unknown, value: unknown, union: RawSchemaError, inner: readonly RawSchemaError[]): SchemaIssue[] {
  const path = union.instancePath;
  const here = valueAt(value, path);
  const passing = (union.params as { passingSchemas?: unknown[] }).passingSchemas;
  if (union.keyword === 'oneOf' && Array.isArray(passing) && passing.length > 1) {
    return [{ path, message: 'matches more than one of the allowed shapes; it must match exactly one' }];
  }
  const node = schemaAt(root, union.schemaPath);
  const alternatives = isNode(node) ? node[union.keyword] : undefined;
  if (!Array.isArray(alternatives)) return [{ path, message: union.message }];
  const base = `${union.schemaPath}/${union.keyword}/`;
  const errorsOf = (i: number) => inner.filter((error) => `${error.schemaPath}/`.startsWith(`${base}${i}/`));

  const literals = literalsOf(root, node);
  if (literals) return [{ path, message: oneOf(literals, here) }];

  if (isNode(here)) {
    const tag = discriminator(root, alternatives);
    if (tag) {
      const allowed = tag.values.flat();
      if (!(tag.name in here)) return [{ path: child(path, tag.name), message: `missing required field ${tick(tag.name)} (one of ${allowed.map(literal).join(', ')})` }];
      const chosen = tag.values.findIndex((set) => set.some((candidate) => candidate === here[tag.name]));
      if (chosen < 0) return [{ path: child(path, tag.name), message: oneOf(allowed, here[tag.name]) }];
      const issues = render(root, value, errorsOf(chosen));
      if (issues.length > 0) return issues;
    }
  }

  const fitting = alternatives.map((alternative, i) => (fits(typesOf(root, alternative), here) ? i : -1)).filter((i) => i >= 0);
  if (fitting.length === 0) {
    const types = new Set(alternatives.flatMap((alternative) => [...(typesOf(root, alternative) ?? [])]));
    return [{ path, message: `expected ${expected(types)}, got ${got(here)}` }];
  }
  // Of the alternatives the value could be, the one it misses least is the one it was most likely meant to be.
  const candidates = fitting.map((i) => render(root, value, errorsOf(i))).filter((issues) => issues.length > 0);
  candidates.sort((a, b) => a.length - b.length);
  return candidates[0] ?? [{ path, message: 'does not match any of the allowed shapes' }];
}

function leafIssues(root: unknown, value: unknown, error: RawSchemaError): SchemaIssue[] {
  const path = error.instancePath;
  const here = valueAt(value, path);
  const params = error.params as Record<string, unknown>;
  const limit = params['limit'] as number;
  const issue = (message: string): SchemaIssue[] => [{ path, message }];
  switch (error.keyword) {
    case 'required':
      return (params['requiredProperties'] as string[]).map((name) => ({ path: child(path, name), message: `missing required field ${tick(name)}` }));
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const node = schemaAt(root, error.schemaPath);
      const declared = isNode(node) && isNode(node['properties']) ? Object.keys(node['properties']) : [];
      return (params[error.keyword] as string[]).map((name) => ({ path: child(path, String(name)), message: unknownField(String(name), declared) }));
    }
    case 'boolean':
      // `additionalProperties: false` fails once per extra property as "schema is false"; the property is named above.
      return /\/(additionalProperties|unevaluatedProperties)$/.test(error.schemaPath) ? [] : issue('is not allowed here');
    case 'type':
      return issue(`expected ${expected([params['type']].flat() as string[])}, got ${got(here)}`);
    case 'enum':
      return issue(oneOf(params['allowedValues'] as unknown[], here));
    case 'const':
      return issue(`must be ${literal(params['allowedValue'])}; got ${literal(here)}`);
    case 'minLength':
      return issue(limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')} long; got ${String(here).length}`);
    case 'maxLength':
      return issue(`must be at most ${plural(limit, 'character')} long; got ${String(here).length}`);
    case 'minimum':
      return issue(`must be at least ${limit}; got ${String(here)}`);
    case 'maximum':
      return issue(`must be at most ${limit}; got ${String(here)}`);
    case 'exclusiveMinimum':
      return issue(`must be greater than ${limit}; got ${String(here)}`);
    case 'exclusiveMaximum':
      return issue(`must be less than ${limit}; got ${String(here)}`);
    case 'minItems':
      return issue(`must have at least ${plural(limit, 'item')}; got ${(here as unknown[]).length}`);
    case 'maxItems':
      return issue(`must have at most ${plural(limit, 'item')}; got ${(here as unknown[]).length}`);
    case 'minProperties':
      return issue(`must have at least ${plural(limit, 'field')}`);
    case 'maxProperties':
      return issue(`must have at most ${plural(limit, 'field')}`);
    case 'pattern':
      return issue(`must match the pattern ${String(params['pattern'])}; got ${literal(here)}`);
    case 'format':
      return issue(`must be a valid ${String(params['format'])}; got ${literal(here)}`);
    case 'multipleOf':
      return issue(`must be a multiple of ${String(params['multipleOf'])}; got ${String(here)}`);
    case 'uniqueItems':
      return issue('must not hold the same item twice');
    case 'dependentRequired':
    case 'dependencies':
      return issue(`field ${tick(String(params['property']))} needs ${(params['dependencies'] as string[]).map(tick).join(', ')} as well`);
    case 'propertyNames':
      return issue(`has field names that are not allowed: ${(params['propertyNames'] as string[]).map(tick).join(', ')}`);
    case '~refine':
      return issue(String(params['message']));
    default:
      return issue(error.message);
  }
}

const isUnion = (error: RawSchemaError) => error.keyword === 'anyOf' || error.keyword === 'oneOf';

/**
 * TypeBox sometimes stops collecting inside an object once an alternative fails (the union's own error is then missing while
 * its alternatives' errors are there); a union error is supplied for those, so the alternatives are still read as one union.
 */
function withUnions(errors: readonly RawSchemaError[]): RawSchemaError[] {
  const out = [...errors];
  const known = new Set(errors.filter(isUnion).map((error) => error.schemaPath));
  for (const error of errors) {
    for (const step of error.schemaPath.matchAll(/\/(anyOf|oneOf)\/\d+(?=\/|$)/g)) {
      const schemaPath = error.schemaPath.slice(0, step.index);
      if (known.has(schemaPath)) continue;
      known.add(schemaPath);
      const keyword = step[1]!;
      const union = { keyword, schemaPath, instancePath: instancePathOf(schemaPath, error.instancePath), params: {}, message: `must match a schema in ${keyword}` };
      const prefix = `${schemaPath}/${keyword}/`;
      const last = out.findLastIndex((e) => e.schemaPath.startsWith(prefix));
      out.splice(last + 1, 0, union);
    }
  }
  return out;
}

function render(root: unknown, value: unknown, errors: readonly RawSchemaError[]): SchemaIssue[] {
  const unions = errors.filter(isUnion);
  const under = (error: RawSchemaError, union: RawSchemaError) => error !== union && error.schemaPath.startsWith(`${union.schemaPath}/${union.keyword}/`);
  const outer = unions.filter((union) => !unions.some((other) => under(union, other)));
  const issues: SchemaIssue[] = [];
  for (const error of errors) {
    if (outer.includes(error)) issues.push(...unionIssues(root, value, error, errors.filter((e) => under(e, error))));
    else if (!outer.some((union) => under(error, union))) issues.push(...leafIssues(root, value, error));
  }
  return issues;
}

/** Every issue once, in the order TypeBox found them. */
export function issuesOf(schema: unknown, value: unknown, errors: readonly RawSchemaError[]): SchemaIssue[] {
  const seen = new Set<string>();
  return render(schema, value, withUnions(errors)).filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
