// The plugin test kit: one plugin booted in process through the real host, with fakes where asked, and a clear reason when it cannot load.
import t from 'tap';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { coreServices, definePlugin } from '../../../kernel/index.ts';
import { ManualClock, startTestPlugin } from '../../../kernel/testing/index.ts';
import consumer from '../../fixtures/plugins/consumer/plugin.ts';
import hello from '../../fixtures/plugins/hello/plugin.ts';
import provider from '../../fixtures/plugins/provider/plugin.ts';
import { projectRoot } from '../../helpers/test-env.ts';

const profile = path.join(projectRoot, 'test/fixtures/profiles/test-profile.yaml');

t.test('a plugin whose dependency is missing does not start, and the error names it and the ref', async (t) => {
  await t.rejects(startTestPlugin(consumer, { process: 'mcp' }), /plugin "consumer" did not load: plugin "consumer" needs service "provider.counter" \(deps.counter\)/);
});

t.test('plugins given beside it provide its deps, in dependency order', async (t) => {
  const plugin = await startTestPlugin(consumer, { t, process: 'mcp', plugins: [provider] });
  t.equal(plugin.services.count(), 1);
  t.equal(plugin.services.count(), 2);
  t.equal(plugin.servicesOf<{ counter: { next(): number } }>('provider').counter.next(), 3, 'the same instance as the consumer uses');
});

t.test('a fake replaces one kernel service; the others stay real', async (t) => {
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  const clocked = definePlugin({
    name: 'clocked',
    version: '1.0.0',
    description: 'Tells the time it is given.',
    deps: { clock: coreServices.clock, store: coreServices.store },
    init: ({ deps }) => ({ now: () => deps.clock.now().toISOString(), store: deps.store }),
  });
  const plugin = await startTestPlugin(clocked, { t, process: 'mcp' });
  t.not(plugin.services.now(), '2026-03-02T08:00:00.000Z', 'the real clock by default');
  const faked = await startTestPlugin(clocked, { t, process: 'mcp', fakes: { clock } });
  await clock.advance(60_000);
  t.equal(faked.services.now(), '2026-03-02T08:01:00.000Z');
  t.equal(faked.services.store, faked.store, 'the real embedded store');
});

t.test('tokens exist for the profile roles only; close removes the temporary data folder', async (t) => {
  const plugin = await startTestPlugin(hello, { profile });
  await t.rejects(plugin.token('ann', 'greeeter'), /role "greeeter" is not in the test profile \(roles: admin, greeter, viewer\)/);
  const res = await plugin.request(await plugin.token('ann', 'greeter'), 'POST', '/api/hello/greetings', { name: 'Ann' });
  t.equal(res.statusCode, 200);
  t.ok(existsSync(plugin.dataDir));
  await plugin.close();
  await plugin.close();
  t.notOk(existsSync(plugin.dataDir), 'the data folder is gone');
});
