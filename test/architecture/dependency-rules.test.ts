// DESIGN.md's dependency rules, checked on the real tree, and shown to fail on a fixture that breaks each of them.
import t from 'tap';
import path from 'node:path';
import { projectRoot } from '../helpers/test-env.ts';
import { checkImports, importsOf } from './import-rules.ts';

t.test('the project obeys the dependency rules', async (t) => {
  t.same(checkImports(projectRoot), []);
});

t.test('the check catches each kind of bad import', async (t) => {
  const breaches = checkImports(path.join(projectRoot, 'test/fixtures/arch-violations'), ['harness', 'plugins', 'kernel', 'shared']);
  const rules = breaches.map((b) => `${b.file} ${b.specifier}: ${b.rule}`);
  t.ok(rules.some((r) => /harness\/bad\.ts .*harness imports only/.test(r)), 'harness -> kernel');
  t.ok(rules.some((r) => /alpha\/domain\/rule\.ts node:fs: a plugin domain\/ imports nothing with I\/O/.test(r)), 'domain -> node:fs');
  t.ok(rules.some((r) => /alpha\/domain\/rule\.ts fastify: a plugin domain/.test(r)), 'domain -> fastify via dynamic import');
  t.ok(rules.some((r) => /alpha\/domain\/rule\.ts \.\.\/\.\.\/beta\/thing\.ts: a plugin never imports another plugin/.test(r)), 'plugin -> plugin');
  t.ok(rules.some((r) => /beta\/thing\.ts .*plugins import only the kernel's public entry/.test(r)), 'plugin -> kernel internals');
  t.ok(rules.some((r) => /shared\/errors\/bad\.ts \.\.\/\.\.\/kernel\/errors\/kernel-errors\.ts: shared imports only/.test(r)), 'shared -> kernel');
  t.ok(rules.some((r) => /shared\/errors\/bad\.ts \.\.\/\.\.\/harness\/graph\/index\.ts: shared imports only/.test(r)), 'shared -> harness');
  t.ok(rules.some((r) => /gamma\/uses-kit\.ts nexus\/kernel\/testing: only tests import the test kit/.test(r)), 'plugin -> test kit');
  t.ok(rules.some((r) => /gamma\/uses-kit\.ts .*helpers\/rig\.ts: product code never imports test\//.test(r)), 'plugin -> test/');
  t.ok(rules.some((r) => /kernel\/boot\/uses-kit\.ts \.\.\/testing\/index\.ts: only tests import the test kit/.test(r)), 'kernel -> test kit');
  t.ok(rules.some((r) => /kernel\/testing\/uses-test\.ts .*helpers\/rig\.ts: product code never imports test\//.test(r)), 'test kit -> test/');
  t.equal(breaches.length, 11);
});

t.test('import extraction sees static, re-export, type, side-effect and dynamic imports', async (t) => {
  const source = [
    "import a from 'a';",
    'export { b } from "./b.ts";',
    "import type { E } from '../e.ts';",
    "import './c.ts';",
    "const d = await import('d');",
  ].join('\n');
  t.same(importsOf(source).sort(), ['../e.ts', './b.ts', './c.ts', 'a', 'd']);
});
