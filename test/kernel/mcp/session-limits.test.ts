// MCP sessions do not pile up: idle ones are closed, and one identity holds a bounded number.
import t from 'tap';
import { ALICE_TOKEN, BOB_TOKEN, connectClient, startTestHost } from './fixtures.ts';

t.test('a session idle past the timeout is closed; an active one stays', async (t) => {
  let now = 1_000_000;
  const host = await startTestHost({ sessionIdleMs: 60_000, now: () => now });
  t.teardown(() => host.close());
  const idle = await connectClient(host.url, ALICE_TOKEN);
  const active = await connectClient(host.url, ALICE_TOKEN);
  t.teardown(async () => {
    await idle.close();
    await active.close();
  });
  now += 45_000;
  await active.ping();
  now += 30_000;
  t.equal(await host.closeIdleSessions(), 1);
  await active.ping();
  await t.rejects(idle.ping(), 'the idle session is gone; its client must initialize again');
});

t.test('opening one session too many closes that identity’s least recently used one', async (t) => {
  const host = await startTestHost({ maxSessionsPerOwner: 2 });
  t.teardown(() => host.close());
  const first = await connectClient(host.url, ALICE_TOKEN);
  const second = await connectClient(host.url, ALICE_TOKEN);
  const bob = await connectClient(host.url, BOB_TOKEN);
  await second.ping();
  const third = await connectClient(host.url, ALICE_TOKEN);
  t.teardown(async () => {
    for (const c of [first, second, third, bob]) await c.close();
  });
  await t.rejects(first.ping());
  await second.ping();
  await third.ping();
  await bob.ping();
  t.pass('other identities are not affected');
});
