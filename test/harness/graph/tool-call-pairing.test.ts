// The pairing invariant: accepted histories, rejected ones, and the open tail of a batch in flight.
import t from 'tap';
import type { Message } from '../../../shared/contracts/messages.ts';
import { assertToolCallPairing, openToolCalls } from '../../../harness/graph/tool-call-pairing.ts';

const call = (id: string) => ({ id, name: 'f', arguments: {} });
const ai = (...ids: string[]): Message => ({ role: 'assistant', content: '', tool_calls: ids.map(call) });
const tool = (id: string): Message => ({ role: 'tool', tool_call_id: id, name: 'f', content: 'r', isError: false });
const user: Message = { role: 'user', content: 'u' };

t.test('accepts paired histories', async (t) => {
  t.doesNotThrow(() => assertToolCallPairing([user, ai('a', 'b'), tool('a'), tool('b'), ai()], { allowOpenTail: false }));
  t.doesNotThrow(() => assertToolCallPairing([user, ai('a'), tool('a'), ai('b')], { allowOpenTail: true }), 'open tail');
});

t.test('rejects every broken shape', async (t) => {
  const broken: Array<[string, Message[]]> = [
    ['missing answer', [user, ai('a', 'b'), tool('a')]],
    ['orphan ToolMessage', [user, tool('a')]],
    ['extra ToolMessage', [user, ai('a'), tool('a'), tool('a')]],
    ['wrong order', [user, ai('a', 'b'), tool('b'), tool('a')]],
    ['interleaved message', [user, ai('a'), user, tool('a')]],
    ['open tail when closed', [user, ai('a')]],
  ];
  for (const [name, messages] of broken) {
    t.throws(() => assertToolCallPairing(messages, { allowOpenTail: false }), { code: 'invariant_violation' }, name);
  }
  t.throws(() => assertToolCallPairing([user, ai('a'), user, ai('b')], { allowOpenTail: true }), 'only the last message may be open');
});

t.test('openToolCalls returns the calls of a trailing assistant message only', async (t) => {
  t.same(openToolCalls([user, ai('a')]).map((c) => c.id), ['a']);
  t.same(openToolCalls([user, ai('a'), tool('a')]), []);
});
