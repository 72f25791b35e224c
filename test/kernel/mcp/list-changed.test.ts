// A catalog change reaches every 2026-07-28 client that called subscriptions/listen, and the next listing shows it.
import t from 'tap';
import type { Client } from '@modelcontextprotocol/client';
import { ALICE_TOKEN, BOB_TOKEN, connectClient, extraTool, startTestHost } from './fixtures.ts';

const host = await startTestHost();
t.teardown(() => host.close());

function nextToolsChanged(client: Client): Promise<void> {
  return new Promise((resolve) => client.setNotificationHandler('notifications/tools/list_changed', () => resolve()));
}

t.test('every listening client is told, and sees the new tool as its role allows', async (t) => {
  const alice = await connectClient(host.url, ALICE_TOKEN);
  t.teardown(() => alice.close());
  const bob = await connectClient(host.url, BOB_TOKEN);
  t.teardown(() => bob.close());

  // listen() resolves on the server's acknowledgement: from then on the stream is registered and can be pushed to.
  const [aliceListen, bobListen] = await Promise.all([
    alice.listen({ toolsListChanged: true }),
    bob.listen({ toolsListChanged: true }),
  ]);
  t.strictSame(aliceListen.honoredFilter, { toolsListChanged: true });
  t.notOk((await alice.listTools()).tools.some((tool) => tool.name === 'demo_extra'));

  const told = Promise.all([nextToolsChanged(alice), nextToolsChanged(bob)]);
  host.catalog.add(extraTool);
  await told;

  const aliceTools = (await alice.listTools({}, { cacheMode: 'refresh' })).tools.map((tool) => tool.name);
  const bobTools = (await bob.listTools({}, { cacheMode: 'refresh' })).tools.map((tool) => tool.name);
  t.ok(aliceTools.includes('demo_extra'));
  t.notOk(aliceTools.includes('demo_admin_reset'), 'the refreshed list is still filtered by role');
  t.ok(bobTools.includes('demo_extra'));
  t.ok(bobTools.includes('demo_admin_reset'));
});

t.test('closing the server ends listen streams gracefully', async (t) => {
  const own = await startTestHost();
  const alice = await connectClient(own.url, ALICE_TOKEN);
  t.teardown(() => alice.close());
  const subscription = await alice.listen({ toolsListChanged: true });
  await own.close();
  t.equal(await subscription.closed, 'graceful');
});

t.test('a 2025-era client is not offered list_changed, since the stateless lane holds no stream for it', async (t) => {
  const legacy = await connectClient(host.url, ALICE_TOKEN, { era: 'legacy' });
  t.teardown(() => legacy.close());
  t.strictSame(legacy.getServerCapabilities()?.tools, { listChanged: false });
  const modern = await connectClient(host.url, ALICE_TOKEN);
  t.teardown(() => modern.close());
  t.strictSame(modern.getServerCapabilities()?.tools, { listChanged: true });
});
