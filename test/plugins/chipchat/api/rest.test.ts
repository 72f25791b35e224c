// ChipChat over REST: conversations, turns that keep their context, review notices and late answers, isolation, bad input.
import t from 'tap';
import { hashArguments } from '../../../../kernel/agent/review-repository.ts';
import type { RunRequest } from '../../../../shared/contracts/run-request.ts';
import { result } from '../../../../kernel/testing/harness-double.ts';
import { startChipchatRig } from '../helpers/chipchat-rig.ts';

const rig = await startChipchatRig(t, { env: { CHIPCHAT_MAX_MESSAGE_CHARS: '50' } });
const alice = await rig.token('alice', 'operator');
const bob = await rig.token('bob', 'operator');
const lead = await rig.token('lena', 'lead');
const outsider = await rig.token('otto', 'outsider');
const call = async (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
  const res = await rig.request(token, method, url, payload);
  return { status: res.statusCode, body: res.body === '' ? undefined : res.json() };
};
const create = async (token: string, title?: string) => (await call(token, 'POST', '/api/chipchat/conversations', title === undefined ? {} : { title })).body;
const say = (token: string, id: string, text: string) => call(token, 'POST', `/api/chipchat/conversations/${id}/messages`, { text });
const messagesOf = async (token: string, id: string, query = '') => (await call(token, 'GET', `/api/chipchat/conversations/${id}/messages${query}`)).body;

t.test('a conversation of several turns keeps its context in one agent session', async (t) => {
  rig.harness.onRun = (req) => result(req, { answer: `answer ${req.messages.length}`, route: 'small_talk' });
  const conversation = await create(alice);
  t.match(conversation, { title: 'New conversation', archived: false, isDefault: false, lastMessageAt: null });
  const first = await say(alice, conversation.id, 'Hello there, I am Alice.');
  t.equal(first.status, 201);
  t.match(first.body, { message: { role: 'user', origin: 'chat', text: 'Hello there, I am Alice.' }, reply: { role: 'assistant', text: 'answer 1', runStatus: 'completed' } });
  await say(alice, conversation.id, 'What is my name?');
  await say(alice, conversation.id, 'Thanks!');
  const runs = rig.harness.runs.slice(-3);
  t.same(runs.map((r) => r.threadId), Array(3).fill(conversation.sessionId), 'every turn runs in the conversation’s session');
  t.same(runs.at(-1)!.messages, [
    { role: 'user', content: 'Hello there, I am Alice.' },
    { role: 'assistant', content: 'answer 1', tool_calls: [] },
    { role: 'user', content: 'What is my name?' },
    { role: 'assistant', content: 'answer 3', tool_calls: [] },
    { role: 'user', content: 'Thanks!' },
  ]);
  t.match(runs.at(-1)!.identity, { userId: 'alice', role: 'operator', sessionId: conversation.sessionId });
  const page = await messagesOf(alice, conversation.id);
  t.same(page.items.map((m: { role: string; text: string }) => `${m.role}: ${m.text}`), [
    'user: Hello there, I am Alice.', 'assistant: answer 1', 'user: What is my name?', 'assistant: answer 3', 'user: Thanks!', 'assistant: answer 5',
  ]);
  t.match((await call(alice, 'GET', `/api/chipchat/conversations/${conversation.id}`)).body, { title: 'Hello there, I am Alice.' }, 'titled after its first message');
  t.match((await call(alice, 'GET', `/api/audit/runs/${page.items[1].runId}`)).body, { run: { userId: 'alice', sessionId: conversation.sessionId, route: 'small_talk' } }, 'audited like any run');
});

t.test('messages and conversations page by time', async (t) => {
  rig.harness.onRun = (req) => result(req, { answer: 'ok' });
  const conversation = await create(alice, 'Paging');
  for (const text of ['a', 'b', 'c']) await say(alice, conversation.id, text);
  const latest = await messagesOf(alice, conversation.id, '?limit=2');
  t.same(latest.items.map((m: { text: string }) => m.text), ['c', 'ok']);
  t.equal(latest.hasMore, true);
  const earlier = await messagesOf(alice, conversation.id, `?limit=2&before=${encodeURIComponent(latest.items[0].createdAt)}`);
  t.same(earlier.items.map((m: { text: string }) => m.text), ['b', 'ok']);
  const later = await messagesOf(alice, conversation.id, `?limit=10&after=${encodeURIComponent(earlier.items[1].createdAt)}`);
  t.same(later.items.map((m: { text: string }) => m.text), ['c', 'ok']);
  t.equal(later.hasMore, false);

  const list = await call(alice, 'GET', '/api/chipchat/conversations?limit=1');
  t.match(list.body, { items: [{ id: conversation.id }], hasMore: true }, 'most recently updated first');
  const older = await call(alice, 'GET', `/api/chipchat/conversations?limit=50&before=${encodeURIComponent(list.body.items[0].updatedAt)}`);
  t.notOk(older.body.items.some((c: { id: string }) => c.id === conversation.id));
  t.ok(older.body.items.length >= 1);
});

t.test('rename, archive, unarchive, delete with its messages', async (t) => {
  rig.harness.onRun = (req) => result(req, { answer: 'ok' });
  const conversation = await create(alice, 'Old name');
  await say(alice, conversation.id, 'something');
  t.match((await call(alice, 'PATCH', `/api/chipchat/conversations/${conversation.id}`, { title: '  Boiler  plans ' })).body, { title: 'Boiler plans' });
  t.match((await call(alice, 'PATCH', `/api/chipchat/conversations/${conversation.id}`, { archived: true })).body, { archived: true });
  t.notOk((await call(alice, 'GET', '/api/chipchat/conversations')).body.items.some((c: { id: string }) => c.id === conversation.id), 'archived ones are left out');
  t.ok((await call(alice, 'GET', '/api/chipchat/conversations?archived=true')).body.items.some((c: { id: string }) => c.id === conversation.id));
  const refused = await say(alice, conversation.id, 'more');
  t.equal(refused.status, 409);
  t.equal(refused.body.error.code, 'chipchat_conversation_archived');
  await call(alice, 'PATCH', `/api/chipchat/conversations/${conversation.id}`, { archived: false });
  t.equal((await say(alice, conversation.id, 'more')).status, 201);

  t.equal((await call(alice, 'DELETE', `/api/chipchat/conversations/${conversation.id}`)).status, 204);
  t.equal((await call(alice, 'GET', `/api/chipchat/conversations/${conversation.id}`)).status, 404);
  t.equal(await rig.kernel.store.collection('chipchat_messages').countDocuments({ conversationId: conversation.id }), 0, 'its messages are gone');
});

t.test('a run that waits for a review leaves a notice of what waits for whom; the answer arrives when it is decided', async (t) => {
  const args = { deviceId: 'lamp-1', command: 'off' };
  rig.harness.onRun = (req: RunRequest) =>
    result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const conversation = await create(alice, 'Lamps');
  const sent = await say(alice, conversation.id, 'Switch off lamp 1');
  const notice = sent.body.reply;
  t.match(notice, {
    role: 'notice', origin: 'chat', runStatus: 'interrupted',
    text: 'Waiting for approval: demo_switch(deviceId: "lamp-1", command: "off"). Someone with the role admin or lead decides; the answer will appear here.',
    pendingReviews: [{ tool: 'demo_switch', toolCallId: 'call-1', reviewerRoles: ['admin', 'lead'] }],
  });

  rig.harness.onResume = (req) => result(req, { answer: 'Lamp 1 is off.' });
  const decided = await call(lead, 'POST', `/api/agent/reviews/${notice.runId}/decisions`, {
    decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }],
  });
  t.equal(decided.status, 200);
  const items = (await messagesOf(alice, conversation.id)).items;
  t.match(items.at(-1), { role: 'assistant', origin: 'review', text: 'Lamp 1 is off.', runId: notice.runId, runStatus: 'completed' });
  t.equal(items.length, 3, 'message, notice, answer');
});

t.test('a failed run leaves a notice with the reason', async (t) => {
  rig.harness.onRun = () => 500;
  const conversation = await create(alice);
  const sent = await say(alice, conversation.id, 'anyone there?');
  t.match(sent.body.reply, { role: 'notice', runStatus: 'failed', error: { code: 'harness_refused' }, text: /^The assistant could not answer \(harness_refused\)/ });
});

t.test('another user can neither see nor write a conversation: it does not exist for them', async (t) => {
  rig.harness.onRun = (req) => result(req, { answer: 'secret answer' });
  const conversation = await create(alice, 'Private');
  await say(alice, conversation.id, 'my secret');
  const runsBefore = rig.harness.runs.length;
  const base = `/api/chipchat/conversations/${conversation.id}`;
  for (const [method, url, payload] of [
    ['GET', base, undefined], ['PATCH', base, { title: 'mine now' }], ['DELETE', base, undefined],
    ['GET', `${base}/messages`, undefined], ['POST', `${base}/messages`, { text: 'hi' }],
  ] as const) {
    const res = await call(bob, method, url, payload);
    t.equal(res.status, 404, `${method} ${url}`);
    t.equal(res.body.error.code, 'chipchat_conversation_not_found');
  }
  t.equal(rig.harness.runs.length, runsBefore, 'no run was started for bob');
  t.notOk((await call(bob, 'GET', '/api/chipchat/conversations')).body.items.some((c: { id: string }) => c.id === conversation.id));
  t.match((await call(alice, 'GET', base)).body, { title: 'Private' }, 'unchanged');
  t.equal((await messagesOf(alice, conversation.id)).items.length, 2);
});

t.test('bad input gets a clear error', async (t) => {
  const conversation = await create(alice);
  const expect = async (res: { status: number; body: { error: { code: string } } }, status: number, code: string) => {
    t.equal(res.status, status, code);
    t.equal(res.body.error.code, code);
  };
  await expect(await say(alice, conversation.id, ''), 400, 'chipchat_message_empty');
  await expect(await say(alice, conversation.id, ' \n '), 400, 'chipchat_message_empty');
  const long = await say(alice, conversation.id, 'x'.repeat(51));
  await expect(long, 413, 'chipchat_message_too_long');
  t.match(long.body.error.message, /50 characters/);
  t.equal((await say(alice, conversation.id, 'x'.repeat(50))).status, 201, 'exactly the limit is fine');
  await expect(await say(alice, 'conv_unknown', 'hi'), 404, 'chipchat_conversation_not_found');
  await expect(await call(alice, 'POST', `/api/chipchat/conversations/${conversation.id}/messages`, { text: 'hi', role: 'assistant' }), 400, 'validation_failed');
  await expect(await call(alice, 'POST', `/api/chipchat/conversations/${conversation.id}/messages`, {}), 400, 'validation_failed');
  await expect(await call(alice, 'POST', '/api/chipchat/conversations', { title: '   ' }), 400, 'chipchat_title_invalid');
  await expect(await call(alice, 'PATCH', `/api/chipchat/conversations/${conversation.id}`, {}), 400, 'chipchat_update_empty');
  const badQuery = await call(alice, 'GET', '/api/chipchat/conversations?before=yesterday');
  await expect(badQuery, 400, 'validation_failed');
  t.match(badQuery.body.error, { message: /^The request is not valid: \/query\/before: .*"yesterday"/, details: { issues: [{ path: '/query/before' }] } }, 'the query issue names the parameter and what came');
  await expect(await call(outsider, 'GET', '/api/chipchat/conversations'), 403, 'forbidden');
  t.equal((await messagesOf(alice, conversation.id)).items.filter((m: { role: string }) => m.role === 'user').length, 1, 'nothing refused was stored');
});
