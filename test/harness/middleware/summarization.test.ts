// Summarisation folds older turns into one system note without ever separating a tool call from its ToolMessages.
import t from 'tap';
import type { Message } from '../../../shared/contracts/messages.ts';
import { assertToolCallPairing } from '../../../harness/graph/tool-call-pairing.ts';
import { splitHistory, SUMMARY_PREFIX } from '../../../harness/middleware/history-split.ts';
import { createModelSummarizer, createSummarizationMiddleware } from '../../../harness/middleware/summarization.ts';
import { createScriptedModelAdapter } from '../../../harness/models/scripted-model-adapter.ts';
import { recordingCheckpointer, request, testRunner } from '../fixtures.ts';

const ai = (...ids: string[]): Message => ({ role: 'assistant', content: 'a', tool_calls: ids.map((id) => ({ id, name: 'echo', arguments: {} })) });
const tool = (id: string): Message => ({ role: 'tool', tool_call_id: id, name: 'echo', content: 'r', isError: false });
const user = (content: string): Message => ({ role: 'user', content });
const system: Message = { role: 'system', content: 'instructions' };

t.test('the cut moves back to the assistant message when it would split a batch', async (t) => {
  const history = [system, user('u1'), ai('a', 'b'), tool('a'), tool('b'), user('u2')];
  for (let keep = 1; keep <= 4; keep += 1) {
    const split = splitHistory(history, keep);
    if (!split) continue;
    t.not(split.recent[0]?.role, 'tool', `keep=${keep}: the recent part never starts with a ToolMessage`);
    t.doesNotThrow(() => assertToolCallPairing([...split.lead, ...split.recent], { allowOpenTail: false }));
  }
  t.same(splitHistory(history, 2)?.recent.map((m) => m.role), ['assistant', 'tool', 'tool', 'user'], 'keep=2 keeps the whole batch');
  t.same(splitHistory(history, 2)?.lead, [system], 'leading instructions are kept verbatim');
  t.equal(splitHistory([system, ai('a'), tool('a')], 1), undefined, 'nothing to cut');
});

t.test('over a long run the history is summarised and the pairing invariant holds at every checkpoint', async (t) => {
  const summaries: number[] = [];
  const checkpointer = recordingCheckpointer();
  const round = (i: number) => ({ toolCalls: [{ name: 'echo', arguments: { text: `r${i}` } }, { name: 'add', arguments: { a: i, b: 1 } }] });
  const { runner, model } = testRunner({
    script: [round(1), round(2), round(3), round(4), round(5), { text: 'finished' }],
    checkpointer,
    middleware: [
      createSummarizationMiddleware({
        maxMessages: 6,
        keepRecent: 2,
        summarize: async (older) => {
          summaries.push(older.length);
          return `${older.length} earlier messages`;
        },
      }),
    ],
  });
  const result = await runner.invoke(request({ messages: [system, user('go')] }));
  t.equal(result.status, 'completed');
  t.equal(result.toolCalls.length, 10, 'the audit record keeps every call');
  t.ok(summaries.length > 0, 'summarisation happened');
  for (const state of checkpointer.saved) {
    t.doesNotThrow(() => assertToolCallPairing(state.messages, { allowOpenTail: state.status !== 'completed' && state.status !== 'failed' }));
  }
  const last = model.requests.at(-1)!.messages;
  t.same(last[0], system);
  t.match(last[1], { role: 'system', content: new RegExp(`^${SUMMARY_PREFIX}`) });
  t.ok(last.length <= 6 + 3, 'the model saw a bounded history');
  t.equal(last.filter((m) => m.content.startsWith(SUMMARY_PREFIX)).length, 1, 'earlier summaries are folded into the new one');
});

t.test('the model summarizer asks without tools and returns the text', async (t) => {
  const model = createScriptedModelAdapter([{ text: '  The user asked for r1; echo returned r.  ' }]);
  const summarize = createModelSummarizer(model);
  t.equal(await summarize([user('u'), ai('a'), tool('a')]), 'The user asked for r1; echo returned r.');
  t.same(model.requests[0]?.tools, []);
  t.match(model.requests[0]?.messages[1], { role: 'user', content: /called echo \{\}[\s\S]*tool echo: r/ });
});

t.test('bad bounds are refused at construction', async (t) => {
  t.throws(() => createSummarizationMiddleware({ maxMessages: 2, keepRecent: 2, summarize: async () => '' }));
});
