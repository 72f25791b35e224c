// Wiring mistakes fail the plugin's load at boot, with the plugin's name and the ref in the reason; core services arrive by ref.
import t from 'tap';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { createPluginHost } from '../../../kernel/plugins/plugin-host.ts';
import { folderSource } from '../../../kernel/plugins/plugin-source.ts';
import { createTestEnv } from '../../helpers/test-env.ts';
import { testKernelServices } from './test-kernel-services.ts';

const te = await createTestEnv(t, { plugins: ['provider', 'provider-twin', 'miswired', 'hello', 'fake-scheduler'] });
const store = createEmbeddedStore({ dataDir: te.dataDir });
t.teardown(() => store.close());
const host = createPluginHost({ process: 'mcp', source: folderSource(te.pluginsDir), core: testKernelServices(store, te.env) });
t.teardown(() => host.close());
await host.start();
const state = (name: string) => host.status().find((s) => s.name === name);

t.test('a second provider of a ref fails, naming itself and the plugin that holds the ref', async (t) => {
  t.equal(state('provider')?.state, 'loaded', 'the first in load order keeps the ref');
  t.equal(state('provider-twin')?.state, 'failed');
  t.equal(state('provider-twin')?.error, 'plugin "provider-twin" provides service "provider.counter", which plugin "provider" already provides');
});

t.test('a core ref the kernel does not offer fails, naming the plugin, the ref and the key', async (t) => {
  t.equal(state('miswired')?.state, 'failed');
  t.equal(state('miswired')?.error, 'plugin "miswired" needs service "core.clocks" (deps.clock), which the kernel does not offer (see coreServices)');
});

t.test('core services declared in deps reach init: the store and the live executor registry', async (t) => {
  const hello = host.loaded('hello')?.services as { greet(name: string): Promise<{ count: number }> };
  t.equal((await hello.greet('ada')).count, 1, 'the store came through coreServices.store');
  t.equal(await store.collection('hello_greetings').countDocuments({ name: 'ada' }), 1);
  t.equal(state('fake-scheduler')?.state, 'loaded', 'coreServices.executors resolved');
});
