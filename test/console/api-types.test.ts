// The console's generated view types: the committed api-types.ts is what the API's OpenAPI document yields today, and that document speaks camelCase.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { apiTypesFile, openApiDocument, renderApiTypes } from '../../console/scripts/api-types.ts';

const document = await openApiDocument();

t.test('console/src/api/api-types.ts matches the OpenAPI document (else run `npm run console:api-types`)', async (t) => {
  t.equal(await renderApiTypes(document), await readFile(apiTypesFile, 'utf8'));
});

t.test('the document holds every plugin of plugins/, not only the kernel', async (t) => {
  const prefixes = new Set(Object.keys(document.paths ?? {}).map((p) => p.split('/')[2]));
  t.same([...prefixes].sort(), ['agent', 'audit', 'chipchat', 'dige', 'rag', 'scheduler', 'system']);
});

/** `_meta` is MCP's own name inside tool results, which the API passes on as the MCP server sent them. */
const FOREIGN_NAMES = new Set(['_meta']);
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

function wireNames(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) wireNames(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value !== null && typeof value === 'object') for (const name of Object.keys(value)) out.add(name);
      if (key === 'parameters' && Array.isArray(value)) for (const p of value as { name?: unknown }[]) if (typeof p.name === 'string') out.add(p.name);
      wireNames(value, out);
    }
  }
  return out;
}

t.test('every field and parameter name on the wire is camelCase', async (t) => {
  const names = [...wireNames(document.paths, new Set())];
  t.ok(names.includes('docId') && names.includes('knowledgeBaseIds'), 'the walk reaches request bodies and responses');
  t.same(names.filter((n) => !CAMEL_CASE.test(n) && !FOREIGN_NAMES.has(n)), []);
});
