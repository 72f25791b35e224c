// ChipChat's MCP tools through the kernel's MCP host and the SDK client: delivery into the caller's own conversations only.
import t from 'tap';
import pino from 'pino';
import type { ExecutionContext } from 'nexus/kernel';
import { result } from '../../../../kernel/testing/harness-double.ts';
import { startChipchatRig, toolErrorOf } from '../helpers/chipchat-rig.ts';

const rig = await startChipchatRig(t, { env: { CHIPCHAT_MAX_MESSAGE_CHARS: '100' } });
const alice = await rig.mcp('alice', 'operator');
const bob = await rig.mcp('bob', 'operator');
const aliceToken = await rig.token('alice', 'operator');
const rest = async (method: 'GET' | 'POST', url: string, payload?: unknown) => (await rig.request(aliceToken, method, url, payload)).json();
type Data = Record<string, any>;
const call = async (client: typeof alice, name: string, args: Record<string, unknown>) => {
  const res = await client.callTool({ name, arguments: args });
  return { res, data: res.structuredContent as Data, error: toolErrorOf(res) };
};

t.test('the tools, their annotations, and who sees them', async (t) => {
  const byName = new Map((await alice.listTools()).tools.map((tool) => [tool.name, tool]));
  t.same([...byName.keys()].sort(), ['chipchat_list_conversations', 'chipchat_list_messages', 'chipchat_post_message', 'chipchat_schedule_message']);
  t.match(byName.get('chipchat_list_messages')?.annotations, { readOnlyHint: true, destructiveHint: false });
  t.match(byName.get('chipchat_post_message')?.annotations, { readOnlyHint: false, destructiveHint: false, idempotentHint: false });
  const viewer = await rig.mcp('vic', 'viewer');
  t.same((await viewer.listTools()).tools.map((tool) => tool.name).sort(), ['chipchat_list_conversations', 'chipchat_list_messages', 'chipchat_post_message'], 'the profile decides');
  t.same((await (await rig.mcp('otto', 'outsider')).listTools()).tools, []);
});

t.test('a notice lands in the caller’s default conversation, or in one of their own they name', async (t) => {
  t.same((await call(alice, 'chipchat_list_messages', {})).data, { conversation: null, items: [], hasMore: false }, 'reading creates nothing');
  const first = await call(alice, 'chipchat_post_message', { text: 'Your report is ready.' });
  t.notOk(first.res.isError, JSON.stringify(first.res.content));
  t.match(first.data, { conversation: { title: 'Notices', isDefault: true }, message: { role: 'notice', origin: 'agent', text: 'Your report is ready.' } });
  const second = await call(alice, 'chipchat_post_message', { text: 'And one more thing.' });
  t.equal(second.data.conversation.id, first.data.conversation.id, 'one default conversation per user');

  rig.harness.onRun = (req) => result(req, { answer: 'ok' });
  const own = await rest('POST', '/api/chipchat/conversations', { title: 'Project' });
  const named = await call(alice, 'chipchat_post_message', { text: 'Project note.', conversationId: own.id });
  t.equal(named.data.message.conversationId, own.id);
  const listed = await call(alice, 'chipchat_list_messages', { conversationId: own.id });
  t.match(listed.data, { conversation: { id: own.id, title: 'Project' }, items: [{ text: 'Project note.' }], hasMore: false });
  const conversations = await call(alice, 'chipchat_list_conversations', {});
  t.same(conversations.data.items.map((c: Data) => c.title), ['Project', 'Notices'], 'most recently updated first');
  t.same((await rest('GET', `/api/chipchat/conversations/${first.data.conversation.id}/messages`)).items.map((m: Data) => m.text), ['Your report is ready.', 'And one more thing.'], 'the app shows them');
});

t.test('no tool reads from or posts into another user’s conversation', async (t) => {
  const own = await rest('POST', '/api/chipchat/conversations', { title: 'Alice only' });
  await call(alice, 'chipchat_post_message', { text: 'private', conversationId: own.id });
  for (const [name, args] of [
    ['chipchat_post_message', { text: 'hi from bob', conversationId: own.id }],
    ['chipchat_list_messages', { conversationId: own.id }],
    ['chipchat_schedule_message', { text: 'later', conversationId: own.id, schedule: { type: 'once', at: '2030-01-01T08:00:00Z' } }],
  ] as const) {
    const { res, error } = await call(bob, name, args);
    t.equal(res.isError, true, name);
    t.match(error, { code: 'chipchat_conversation_not_found' }, name);
  }
  t.same((await rest('GET', `/api/chipchat/conversations/${own.id}/messages`)).items.map((m: Data) => m.text), ['private'], 'nothing arrived');
  t.same(rig.held.filter((h) => h.identity.userId === 'bob'), [], 'nothing was scheduled');
  const bobsDefault = await call(bob, 'chipchat_post_message', { text: 'my own note' });
  t.not(bobsDefault.data.conversation.id, own.id);
  t.notOk((await call(bob, 'chipchat_list_conversations', {})).data.items.some((c: Data) => c.id === own.id));
  t.same((await call(bob, 'chipchat_list_messages', {})).data.items.map((m: Data) => m.text), ['my own note']);
});

t.test('a scheduled message is checked when scheduled and delivered once per occurrence', async (t) => {
  const scheduled = await call(alice, 'chipchat_schedule_message', {
    text: 'Check the boiler.', schedule: { type: 'cron', expression: '0 8 * * 1-5', timeZone: 'Europe/Berlin' },
  });
  t.notOk(scheduled.res.isError, JSON.stringify(scheduled.res.content));
  t.match(scheduled.data.task, { kind: 'chipchat.message', title: 'Message: Check the boiler.', ownerId: 'alice', createdVia: 'mcp', payload: { text: 'Check the boiler.' } });
  const task = rig.held.at(-1)!;
  const executor = rig.host.registry.executors.get('chipchat.message')!;
  const ctx = (at: string): ExecutionContext => ({
    taskId: task.view.id, scheduledFor: new Date(at), idempotencyKey: `${task.view.id}@${at}`, identity: { ...task.identity, via: 'service' },
    logger: pino({ level: 'silent' }), signal: new AbortController().signal,
  });
  t.match(await executor.execute(task.view.payload, ctx('2026-03-02T07:00:00.000Z')), { summary: 'delivered into "Notices"' });
  t.match(await executor.execute(task.view.payload, ctx('2026-03-02T07:00:00.000Z')), { summary: 'already delivered into "Notices"' }, 'a retried attempt');
  await executor.execute(task.view.payload, ctx('2026-03-03T07:00:00.000Z'));
  const reminders = (await call(alice, 'chipchat_list_messages', {})).data.items.filter((m: Data) => m.origin === 'schedule');
  t.same(reminders.map((m: Data) => [m.text, m.scheduledFor]), [['Check the boiler.', '2026-03-02T07:00:00.000Z'], ['Check the boiler.', '2026-03-03T07:00:00.000Z']]);
});

t.test('bad input gets a clear error', async (t) => {
  t.match((await call(alice, 'chipchat_post_message', { text: '   ' })).error, { code: 'chipchat_message_empty' });
  t.match((await call(alice, 'chipchat_post_message', { text: 'x'.repeat(101) })).error, { code: 'chipchat_message_too_long' });
  t.match((await call(alice, 'chipchat_post_message', { text: '' })).error, { code: 'validation_failed' });
  t.match((await call(alice, 'chipchat_post_message', { text: 'hi', role: 'assistant' })).error, { code: 'validation_failed' });
  t.match((await call(alice, 'chipchat_list_messages', { conversationId: 'conv_nope' })).error, { code: 'chipchat_conversation_not_found' });
  t.match((await call(alice, 'chipchat_schedule_message', { text: ' ', schedule: { type: 'once', at: '2030-01-01T08:00:00Z' } })).error, { code: 'chipchat_message_empty' });
});
