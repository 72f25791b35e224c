// The plugin host: discovery, manifest checks, dependency injection and order, reload and unload, failure isolation.
import t from 'tap';
import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { createPluginHost } from '../../../kernel/plugins/plugin-host.ts';
import { folderSource } from '../../../kernel/plugins/plugin-source.ts';
import { createTestEnv } from '../../helpers/test-env.ts';
import { testKernelServices } from './test-kernel-services.ts';

const te = await createTestEnv(t, { plugins: ['consumer', 'provider', 'hello', 'throws', 'bad-name', 'optional-consumer'] });
const store = createEmbeddedStore({ dataDir: te.dataDir });
t.teardown(() => store.close());
const attached: string[] = [];
const host = createPluginHost({
  process: 'mcp',
  source: folderSource(te.pluginsDir),
  core: testKernelServices(store, te.env),
  attach: async (p) => {
    attached.push(`+${p.name}`);
    return async () => void attached.push(`-${p.name}`);
  },
});
t.teardown(() => host.close());
let changes = 0;
host.registry.tools.onChange(() => changes++);
await host.start();
const state = (name: string) => host.status().find((s) => s.name === name);

t.test('plugins load in dependency order; deps arrive by injection', async (t) => {
  t.equal(state('provider')?.state, 'loaded');
  t.equal(state('consumer')?.state, 'loaded');
  t.ok(attached.indexOf('+provider') < attached.indexOf('+consumer'), 'the provider loads before its consumer');
  const tool = host.registry.tools.get('consumer_count');
  const ctx = {} as Parameters<NonNullable<typeof tool>['tool']['handler']>[1];
  t.equal(await tool?.tool.handler({}, ctx), '1');
  t.equal(await tool?.tool.handler({}, ctx), '2');
});

t.test('a broken plugin is reported and the others keep working', async (t) => {
  t.equal(state('throws')?.state, 'failed');
  t.match(state('throws')?.error, /could not be imported: this manifest is broken on purpose/);
  t.equal(state('bad-name')?.state, 'failed');
  t.match(state('bad-name')?.error, /must equal the folder name/);
  t.match(state('bad-name')?.error, /version must be semver/);
  t.match(state('bad-name')?.error, /description is required/);
  t.equal(state('hello')?.state, 'loaded');
});

t.test('collections and indexes are bootstrapped', async (t) => {
  await store.collection('hello_greetings').insertOne({ name: 'x', at: new Date() });
  t.equal(await store.collection('hello_greetings').countDocuments({ name: 'x' }), 1);
});

t.test('a changed plugin reloads with its new code, and its dependents reload after it', async (t) => {
  const file = path.join(te.pluginsDir, 'provider', 'plugin.ts');
  await writeFile(file, (await readFile(file, 'utf8')).replace('let n = 0;', 'let n = 100;'));
  attached.length = 0;
  const before = changes;
  await host.sync('provider');
  t.same([...attached].sort(), ['+consumer', '+optional-consumer', '+provider', '-consumer', '-optional-consumer', '-provider']);
  for (const dependent of ['consumer', 'optional-consumer']) {
    t.ok(attached.indexOf(`-${dependent}`) < attached.indexOf('-provider'), `${dependent} goes before the provider`);
    t.ok(attached.indexOf(`+${dependent}`) > attached.indexOf('+provider'), `${dependent} comes back after the provider`);
  }
  t.equal(await host.registry.tools.get('consumer_count')?.tool.handler({}, {} as never), '101');
  t.ok(changes > before, 'tool listeners hear about the change');
});

t.test('a removed plugin unloads; its dependents fail with the reason', async (t) => {
  const optional = () => host.loaded('optional-consumer')?.services as { hasCounter: boolean } | undefined;
  t.equal(optional()?.hasCounter, true);
  await te.removePlugin('provider');
  await host.sync('provider');
  t.equal(optional()?.hasCounter, false, 'an optional dependency may be missing');
  t.equal(state('provider'), undefined);
  t.equal(state('consumer')?.state, 'failed');
  t.match(state('consumer')?.error, /plugin "consumer" needs service "provider.counter" \(deps.counter\), which no loaded plugin provides/);
  t.equal(host.registry.tools.get('consumer_count'), undefined);
  await te.addPlugin('provider');
  await host.sync('provider');
  t.equal(state('consumer')?.state, 'loaded', 'a failed dependent is retried when its provider returns');
  t.equal(optional()?.hasCounter, true, 'a dependent running without an optional provider restarts with it');
});

t.test('a plugin whose tool clashes with another is refused', async (t) => {
  const file = path.join(te.pluginsDir, 'hello', 'plugin.ts');
  await writeFile(file, (await readFile(file, 'utf8')).replace("name: 'hello_greet'", "name: 'greet'"));
  await host.sync('hello');
  t.match(state('hello')?.error, /tool "greet" must be snake_case and start with "hello_"/);
});
