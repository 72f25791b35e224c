// Reading a JSON Schema and a value by JSON Pointer: nodes (local `$ref`s followed), the literals and JSON types a schema
// allows, and which value path a schema path applies to.

type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stepsOf(pointer: string): string[] {
  return pointer.replace(/^#/, '').split('/').slice(1).map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'));
}

export function child(pointer: string, name: string): string {
  return `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

function walk(start: unknown, steps: readonly string[], follow: (node: unknown) => unknown): unknown {
  let node = follow(start);
  for (const step of steps) {
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    node = follow((node as Node)[step]);
  }
  return node;
}

/** A schema node by JSON Pointer, following local `$ref`s on the way (bounded, so a cycle cannot hang the check). */
export function schemaAt(root: unknown, pointer: string): unknown {
  const follow = (node: unknown): unknown => {
    for (let hops = 0; hops < 8 && isNode(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#'); hops++) {
      node = walk(root, stepsOf(node['$ref']), (n) => n);
    }
    return node;
  };
  return walk(root, stepsOf(pointer), follow);
}

/** A schema node with a local `$ref` replaced by what it points to. */
export function resolve(root: unknown, schema: unknown): unknown {
  return isNode(schema) && typeof schema['$ref'] === 'string' ? schemaAt(root, schema['$ref']) : schema;
}

export function valueAt(value: unknown, pointer: string): unknown {
  return walk(value, stepsOf(pointer), (n) => n);
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** The values a schema allows when it is a closed set (`const`, `enum`, or a union of those); undefined otherwise. */
export function literalsOf(root: unknown, schema: unknown): unknown[] | undefined {
  const node = resolve(root, schema);
  if (!isNode(node)) return undefined;
  if ('const' in node) return [node['const']];
  if (Array.isArray(node['enum'])) return node['enum'];
  const alternatives = node['anyOf'] ?? node['oneOf'];
  if (!Array.isArray(alternatives)) return undefined;
  const sets = alternatives.map((alternative) => literalsOf(root, alternative));
  return sets.every((set) => set !== undefined) ? sets.flat() : undefined;
}

/** The JSON types a schema can accept; undefined when it does not say (anything may fit). */
export function typesOf(root: unknown, schema: unknown): Set<string> | undefined {
  const node = resolve(root, schema);
  if (!isNode(node)) return undefined;
  const type = node['type'];
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type as string[]);
  const literals = literalsOf(root, node);
  if (literals) return new Set(literals.map(jsonType));
  const alternatives = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(alternatives)) {
    const sets = alternatives.map((alternative) => typesOf(root, alternative));
    return sets.every((set) => set !== undefined) ? new Set(sets.flatMap((set) => [...set!])) : undefined;
  }
  if ('properties' in node || 'required' in node || 'additionalProperties' in node) return new Set(['object']);
  if ('items' in node || 'prefixItems' in node) return new Set(['array']);
  return undefined;
}

export function fits(types: Set<string> | undefined, value: unknown): boolean {
  if (types === undefined) return true;
  const type = jsonType(value);
  return types.has(type) || (type === 'number' && types.has('integer'));
}

/** The instance path a schema path applies to, read off one value path below it (schema steps that enter a value consume one). */
export function instancePathOf(schemaPath: string, below: string): string {
  const schemaSteps = stepsOf(schemaPath);
  let taken = 0;
  for (let i = 0; i < schemaSteps.length; i++) {
    const step = schemaSteps[i];
    if (step === 'properties' || step === 'patternProperties' || step === 'prefixItems') {
      i++;
      taken++;
    } else if (step === 'items' || step === 'additionalProperties' || step === 'unevaluatedProperties' || step === 'contains') {
      taken++;
    }
  }
  return stepsOf(below).slice(0, taken).reduce(child, '');
}
