// The profile's history and limits sections reach every run: long histories are summarised by the run's model, limits stop runs.
import t from 'tap';
import type { RecordedRequest, ServerTurn } from '../../helpers/scripted-model-server.ts';
import { profileText, runRequest, startRig } from './harness-rig.ts';

type WireMessage = { role: string; content: string | null };
const wireMessages = (request: RecordedRequest) => request.body.messages as WireMessage[];
const isSummaryRequest = (request: RecordedRequest) => wireMessages(request).some((m) => m.role === 'system' && String(m.content).startsWith('You compress conversation history'));

/** Answers summary requests with a fixed summary and every other request with a plain answer. */
function model(request: RecordedRequest): ServerTurn {
  return isSummaryRequest(request) ? { text: 'The user asked about notes n1 to n3.' } : { text: 'Done.' };
}

const longHistory = [
  { role: 'user', content: 'turn one' },
  { role: 'assistant', content: 'answer one', tool_calls: [] },
  { role: 'user', content: 'turn two' },
  { role: 'assistant', content: 'answer two', tool_calls: [] },
  { role: 'user', content: 'turn three' },
  { role: 'assistant', content: 'answer three', tool_calls: [] },
  { role: 'user', content: 'and now?' },
];

t.test('a history over summarizeAfter is condensed by the model, without tools, before the answer', async (t) => {
  const rig = await startRig(t, { script: [model, model], profile: (url) => profileText({ model: url, extra: ['history: { summarizeAfter: 4, keepRecent: 2 }'] }) });
  const res = await rig.post('/runs', runRequest({ messages: longHistory }));
  t.match(res, { status: 200, body: { status: 'completed', answer: 'Done.' } });
  const [summary, answer] = rig.model.requests;
  t.ok(summary && isSummaryRequest(summary), 'the first model call writes the summary');
  t.notOk(summary!.body.tools, 'the summary call offers no tool');
  t.match(JSON.stringify(wireMessages(summary!)), /turn one[\s\S]*answer two/, 'the older turns go to the summariser');
  const sent = wireMessages(answer!).filter((m) => m.role !== 'system' || String(m.content).startsWith('Summary of'));
  t.same(sent.map((m) => m.content), ['Summary of the earlier conversation: The user asked about notes n1 to n3.', 'answer three', 'and now?']);
});

t.test('without a history section nothing is summarised', async (t) => {
  const rig = await startRig(t, { script: [model] });
  t.match(await rig.post('/runs', runRequest({ messages: longHistory })), { status: 200, body: { status: 'completed' } });
  t.equal(rig.model.requests.length, 1);
  t.notOk(isSummaryRequest(rig.model.requests[0]!));
});

t.test('profile limits are the default for every run; a request may set its own', async (t) => {
  const readNote = { toolCalls: [{ name: 'notes_read', arguments: { id: 'n1' } }] };
  const rig = await startRig(t, { script: [readNote, readNote, { text: 'n1 read.' }], profile: (url) => profileText({ model: url, extra: ['limits: { maxModelCalls: 1 }'] }) });
  const limited = await rig.post('/runs', runRequest());
  t.match(limited.body, { status: 'failed', error: { code: 'limit_exceeded' } });
  const own = await rig.post('/runs', runRequest({ limits: { maxModelCalls: 3 } }));
  t.match(own.body, { status: 'completed', answer: 'n1 read.' });
});
