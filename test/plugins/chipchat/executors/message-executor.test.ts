// A reminder scheduled with the real scheduler core on a manual clock: nothing before its time, one message at it, one per occurrence.
import t from 'tap';
import { createMessageExecutor } from '../../../../plugins/chipchat/executors/message-executor.ts';
import { createHarness, drainWorker } from '../../scheduler/helpers/scheduler-harness.ts';
import { buildChipchat, createIndexes } from '../helpers/chipchat-parts.ts';

t.test('"remind me at 08:00 every weekday" lands once at 08:00 Berlin time, each weekday', async (t) => {
  const h = await createHarness(t, { start: '2026-03-02T06:59:00Z', executors: [] });
  await createIndexes(h.store);
  const chipchat = buildChipchat(h.store, { clock: h.clock });
  h.executors.add(createMessageExecutor(chipchat.messages));
  const alice = h.identities.identity('alice');
  const reminders = async () =>
    (await chipchat.messages.list(alice, undefined, {})).items.filter((m) => m.origin === 'schedule').map((m) => `${m.createdAt} ${m.text}`);

  const task = await h.scheduler.tasks.create(alice, {
    kind: 'chipchat.message', title: 'Boiler', payload: { text: 'Check the boiler.' },
    schedule: { type: 'cron', expression: '0 8 * * 1-5', timeZone: 'Europe/Berlin' }, createdVia: 'agent',
  });
  t.equal(task.nextRunAt, '2026-03-02T07:00:00.000Z', 'Monday 08:00 CET');

  await h.clock.advance(59_999);
  t.same(await drainWorker(h.scheduler.worker), [], 'not a millisecond early');
  t.same(await reminders(), []);

  await h.clock.advance(1);
  t.same((await drainWorker(h.scheduler.worker)).map((r) => r.outcome), ['succeeded']);
  t.same(await reminders(), ['2026-03-02T07:00:00.000Z Check the boiler.']);
  await h.clock.advance(30_000);
  t.same(await drainWorker(h.scheduler.worker), [], 'the occurrence is done');
  t.equal((await reminders()).length, 1, 'and it landed once');

  await h.clock.advance(24 * 3_600_000 - 30_000);
  await drainWorker(h.scheduler.worker);
  t.same(await reminders(), ['2026-03-02T07:00:00.000Z Check the boiler.', '2026-03-03T07:00:00.000Z Check the boiler.'], 'Tuesday’s occurrence');
  const [first] = (await chipchat.messages.list(alice, undefined, {})).items;
  t.match(first, { role: 'notice', origin: 'schedule', scheduledFor: '2026-03-02T07:00:00.000Z', conversationId: (await chipchat.conversations.list(alice, {})).items[0]!.id });
});

t.test('a reminder for a conversation that is not the owner’s is refused when it is scheduled', async (t) => {
  const h = await createHarness(t, { start: '2026-03-02T06:00:00Z', executors: [] });
  await createIndexes(h.store);
  const chipchat = buildChipchat(h.store, { clock: h.clock });
  h.executors.add(createMessageExecutor(chipchat.messages));
  const alice = h.identities.identity('alice');
  const bob = h.identities.identity('bob');
  const bobs = await chipchat.conversations.create(bob, { title: 'Bob' });
  const create = (text: string, conversationId?: string) =>
    h.scheduler.tasks.create(alice, {
      kind: 'chipchat.message', title: 'x', payload: conversationId === undefined ? { text } : { text, conversationId },
      schedule: { type: 'once', at: '2026-03-02T07:00:00Z' }, createdVia: 'api',
    });
  await t.rejects(create('hello bob', bobs.id), { code: 'chipchat_conversation_not_found' });
  await t.rejects(create('   '), { code: 'chipchat_message_empty' });
  t.equal((await h.scheduler.tasks.list(alice)).total, 0, 'nothing was stored');
});
