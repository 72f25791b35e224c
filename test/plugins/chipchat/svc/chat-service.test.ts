// A chat turn through a stand-in agent: the turn names its channel for the busy-session policy, and resumed runs answer only in their owner's conversation.
import t from 'tap';
import { kernelErrors, type AgentRunOutcome, type Identity } from 'nexus/kernel';
import { buildChipchat, fakeAgentRuns, openStore } from '../helpers/chipchat-parts.ts';

const alice: Identity = { userId: 'alice', role: 'operator', tokenId: 'tok-a', via: 'user' };
const outcome = (sessionId: string, over: Partial<AgentRunOutcome> = {}): AgentRunOutcome => ({
  runId: 'run-1', sessionId, status: 'completed', answer: 'Done.', result: null, error: null, notice: null, ...over,
});

t.test('a turn names its channel, so the profile’s busy-session policy applies; a refusal is answered in the conversation', async (t) => {
  const { store } = await openStore(t);
  const inputs: { channel?: string; sessionId?: string }[] = [];
  let busy = false;
  const agentRuns = fakeAgentRuns({
    run: async (_identity, input) => {
      inputs.push(input);
      if (busy) throw kernelErrors.session_busy({ sessionId: input.sessionId, busyRunId: 'run-1' });
      return outcome(input.sessionId!, { runId: 'run-1' });
    },
  });
  const chipchat = buildChipchat(store, { agentRuns });
  const conversation = await chipchat.conversations.create(alice, {});
  await chipchat.chat.send(alice, conversation.id, 'one', 'c1');
  busy = true;
  const refused = await chipchat.chat.send(alice, conversation.id, 'two', 'c2');
  t.same(inputs.map((i) => i.channel), ['chipchat', 'chipchat']);
  t.match(refused.reply, { role: 'notice', runStatus: 'failed', error: { code: 'session_busy' } });
  t.same((await chipchat.messages.list(alice, conversation.id, {})).items.map((m) => m.role), ['user', 'assistant', 'user', 'notice'], 'both messages are kept, the refusal as a notice');
});

t.test('a resumed run answers in the conversation of its session and owner only', async (t) => {
  const { store } = await openStore(t);
  const agentRuns = fakeAgentRuns();
  const chipchat = buildChipchat(store, { agentRuns });
  const conversation = await chipchat.conversations.create(alice, { title: 'Lamps' });
  const tell = async (event: Parameters<typeof chipchat.chat.settled>[0]) => {
    for (const listener of agentRuns.listeners) await listener(event);
  };
  await tell({ userId: 'alice', resumed: false, outcome: outcome(conversation.sessionId) });
  await tell({ userId: 'bob', resumed: true, outcome: outcome(conversation.sessionId, { answer: 'not for you' }) });
  await tell({ userId: 'alice', resumed: true, outcome: outcome('some-other-session') });
  t.same((await chipchat.messages.list(alice, conversation.id, {})).items, [], 'new runs, other owners and other sessions leave nothing');
  await tell({ userId: 'alice', resumed: true, outcome: outcome(conversation.sessionId, { answer: 'Lamp 1 is off.' }) });
  await tell({ userId: 'alice', resumed: true, outcome: outcome(conversation.sessionId, { answer: 'Lamp 1 is off.' }) });
  t.match((await chipchat.messages.list(alice, conversation.id, {})).items, [{ role: 'assistant', origin: 'review', text: 'Lamp 1 is off.', runId: 'run-1' }], 'stored once');
  await chipchat.close();
  t.equal(agentRuns.listeners.size, 0, 'closing stops listening');
});

t.test('a streamed turn whose agent cannot be reached still ends with a stored notice and frees the turn', async (t) => {
  const { store } = await openStore(t);
  const agentRuns = fakeAgentRuns({
    stream: async function* () {
      throw kernelErrors.harness_unavailable();
    },
  });
  const chipchat = buildChipchat(store, { agentRuns });
  const conversation = await chipchat.conversations.create(alice, {});
  const turn = await chipchat.chat.open(alice, conversation.id, 'hello?', 'c1');
  const events = [];
  for await (const event of turn.events) events.push(event);
  t.match(events, [{ type: 'message', message: { role: 'notice', runId: null, runStatus: 'failed', error: { code: 'harness_unavailable' } } }]);
  const stored = await chipchat.conversations.get(alice, conversation.id);
  t.equal(stored.lastMessageAt, (events[0] as { message: { createdAt: string } }).message.createdAt, 'the conversation moved to its last message');
  await t.resolves(chipchat.chat.open(alice, conversation.id, 'again', 'c2'), 'the turn is free');
});
