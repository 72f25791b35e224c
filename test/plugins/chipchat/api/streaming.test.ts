// Streams: a turn's answer as SSE deltas ending with the stored message, and the notification stream that tails the store.
import t from 'tap';
import pino from 'pino';
import type { Identity } from 'nexus/kernel';
import { readSse, type SseRecord } from '../../../../shared/http/sse-reader.ts';
import { createMessageExecutor } from '../../../../plugins/chipchat/executors/message-executor.ts';
import { result } from '../../../../kernel/testing/harness-double.ts';
import { buildChipchat, openStore } from '../helpers/chipchat-parts.ts';
import { startChipchatRig } from '../helpers/chipchat-rig.ts';

const rig = await startChipchatRig(t, { env: { CHIPCHAT_NOTIFY_POLL_MS: '20' } });
const alice = await rig.token('alice', 'operator');
const bob = await rig.token('bob', 'operator');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const parse = (body: string) =>
  body.split('\n\n').filter((block) => block.includes('data: ')).map((block) => ({
    event: /^event: (.*)$/m.exec(block)?.[1],
    data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
  }));

t.test('with Accept: text/event-stream the answer streams as deltas and ends with the stored message', async (t) => {
  rig.harness.onRun = (req) => result(req, { answer: 'Good morning to you too!' });
  const conversation = (await rig.request(alice, 'POST', '/api/chipchat/conversations', {})).json();
  const res = await rig.request(alice, 'POST', `/api/chipchat/conversations/${conversation.id}/messages`, { text: 'Good morning' }, { accept: 'text/event-stream' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/event-stream/);
  const events = parse(res.body);
  t.same(events.map((e) => e.event), ['user_message', 'run', 'delta', 'delta', 'delta', 'delta', 'delta', 'message']);
  t.match(events[0]!.data, { role: 'user', text: 'Good morning' });
  t.equal(events.filter((e) => e.event === 'delta').map((e) => e.data.delta).join(''), 'Good morning to you too!');
  const final = events.at(-1)!.data;
  t.match(final, { role: 'assistant', text: 'Good morning to you too!', runId: events[1]!.data.runId, conversationId: conversation.id });
  const stored = (await rig.request(alice, 'GET', `/api/chipchat/conversations/${conversation.id}/messages`)).json();
  t.same(stored.items.at(-1), final, 'the final event is the stored message');
  t.equal(rig.harness.runs.at(-1)!.threadId, conversation.sessionId);

  const refused = await rig.request(alice, 'POST', `/api/chipchat/conversations/${conversation.id}/messages`, { text: '  ' }, { accept: 'text/event-stream' });
  t.equal(refused.statusCode, 400, 'a refusal is a plain JSON error, before any stream opens');
  t.equal(refused.json().error.code, 'chipchat_message_empty');
});

t.test('the notification stream pushes each new message of the user, whichever process wrote it', async (t) => {
  const base = await rig.listen();
  const open = async (token: string, query = '') => {
    const stop = new AbortController();
    const res = await fetch(`${base}/api/chipchat/notifications/stream${query}`, { headers: { ...auth(token), accept: 'text/event-stream' }, signal: stop.signal });
    t.equal(res.status, 200);
    const records = readSse(res.body!);
    return {
      stop: () => stop.abort(),
      next: async (): Promise<SseRecord & { json: Record<string, unknown> }> => {
        const { value } = await records.next();
        return { ...value!, json: JSON.parse(value!.data) };
      },
    };
  };
  // The worker process writes reminders through its own connection to the same store.
  const worker = buildChipchat((await openStore(t, rig.dataDir)).store);
  const reminders = createMessageExecutor(worker.messages);
  const identity = (userId: string): Identity => ({ userId, role: 'operator', tokenId: `tok-${userId}`, via: 'service' });
  const remind = (userId: string, text: string, key: string) =>
    reminders.execute({ text }, { taskId: 't1', scheduledFor: new Date(), idempotencyKey: key, identity: identity(userId), logger: pino({ level: 'silent' }), signal: new AbortController().signal });

  const aliceStream = await open(alice);
  const bobStream = await open(bob);
  await remind('alice', 'Check the boiler.', 'k1');
  await remind('bob', 'Water the plants.', 'k2');
  const first = await aliceStream.next();
  t.equal(first.event, 'message');
  t.match(first.json, { role: 'notice', origin: 'schedule', text: 'Check the boiler.' });
  t.match((await bobStream.next()).json, { text: 'Water the plants.' }, 'bob gets his own and never alice’s');

  rig.harness.onRun = (req) => result(req, { answer: 'Noted.' });
  const conversation = (await rig.request(alice, 'POST', '/api/chipchat/conversations', {})).json();
  await rig.request(alice, 'POST', `/api/chipchat/conversations/${conversation.id}/messages`, { text: 'note this' });
  t.match((await aliceStream.next()).json, { role: 'user', text: 'note this' });
  const answer = await aliceStream.next();
  t.match(answer.json, { role: 'assistant', text: 'Noted.' });
  aliceStream.stop();
  bobStream.stop();

  const resumed = await open(alice, `?after=${first.json.seq}`);
  t.same([(await resumed.next()).json.text, (await resumed.next()).json.text], ['note this', 'Noted.'], 'a client resumes after the last number it saw');
  resumed.stop();

  const stop = new AbortController();
  const viaHeader = await fetch(`${base}/api/chipchat/notifications/stream`, { headers: { ...auth(alice), 'last-event-id': String(answer.json.seq as number - 1) }, signal: stop.signal });
  const records = readSse(viaHeader.body!);
  t.match(JSON.parse((await records.next()).value!.data), { text: 'Noted.' }, 'or after Last-Event-ID, as browsers send it on reconnect');

  t.equal((await fetch(`${base}/api/chipchat/notifications/stream`, { headers: auth(await rig.token('otto', 'outsider')) })).status, 403);

  await rig.close();
  t.equal((await records.next()).done, true, 'closing the server ends an open stream instead of waiting for it forever');
});
