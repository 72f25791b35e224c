// Keeps the harness generic: no imports of kernel/ or plugins/, and no business words, in harness/ or its tests.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const thisFile = relative(root, fileURLToPath(import.meta.url));

/** Platform names, role names and tool prefixes of the app; they belong in the profile, skills and plugins. */
const BUSINESS_WORDS = /\bdige\b|chipchat|\brag\b|\brag_|scheduler|\boperator\b/i;

const IMPORT_PATTERN = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(/\.(ts|mts|js|mjs|md|json|ya?ml)$/.test(entry.name) ? [path] : []);
    }),
  );
  return nested.flat();
}

function forbiddenImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] as string;
    const target = specifier.startsWith('.') ? relative(root, resolve(root, dirname(file), specifier)) : specifier;
    if (/^(kernel|plugins)(\/|$)/.test(target)) found.push(specifier);
  }
  return found;
}

t.test('the checks see files', async (t) => {
  const files = await sourceFiles('harness');
  t.ok(files.length > 20, `found ${files.length} harness files`);
  // Samples are assembled so this file's own source holds no import of a forbidden path.
  const q = "'";
  const bad = [`import { a } from ${q}../../ker` + `nel/config/index.ts${q};`, `export * from ${q}../../plug` + `ins/p/plugin.ts${q};`];
  t.same(forbiddenImports('harness/graph/x.ts', bad.join('\n')).length, 2);
  t.same(forbiddenImports('harness/graph/x.ts', `import { b } from ${q}../../shared/contracts/messages.ts${q};\nimport pino from ${q}pino${q};`), []);
  t.ok(BUSINESS_WORDS.test('call dige_control for the operator'));
});

t.test('harness/ and test/harness/ never import kernel/ or plugins/', async (t) => {
  for (const file of [...(await sourceFiles('harness')), ...(await sourceFiles('test/harness'))]) {
    const text = await readFile(join(root, file), 'utf8');
    t.same(forbiddenImports(file, text), [], file);
  }
});

t.test('harness/ and test/harness/ contain no business words', async (t) => {
  for (const file of [...(await sourceFiles('harness')), ...(await sourceFiles('test/harness'))]) {
    if (file === thisFile) continue;
    const text = await readFile(join(root, file), 'utf8');
    const hit = text.split('\n').findIndex((line) => BUSINESS_WORDS.test(line));
    t.equal(hit, -1, hit === -1 ? file : `${file}:${hit + 1}: ${text.split('\n')[hit]?.trim()}`);
  }
});
