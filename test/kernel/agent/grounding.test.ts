// Grounding through the API: the response and the audit say what an answer rests on, flag claims no tool backs, and the run list filters on it.
import t from 'tap';
import { UNGROUNDED_NOTICE } from '../../../shared/contracts/run-result.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, kernel, call } = await startAgentApi(t);
const { token: alice } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const at = Date.UTC(2026, 0, 2, 3, 4, 5);
const succeeded = { toolCallId: 'c1', name: 'demo_lights', arguments: { on: false }, status: 'succeeded' as const, startedAt: at, finishedAt: at + 20, durationMs: 20 };

t.test('an answer no tool backs, on a route that offers tools, is flagged in the response and the audit', async (t) => {
  harness.onRun = (req) => result(req, {
    route: 'demo', skill: 'demo', answer: 'The lights are off.', grounding: 'none', groundedOn: [], toolsOffered: true,
    modelSteps: [{ index: 0, kind: 'agent', startedAt: at, finishedAt: at + 5, durationMs: 5, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 }, text: 'The lights are off.', toolCalls: [], toolChoice: 'required', stopReason: 'stop' }],
  });
  const res = await call('/api/agent/runs', alice, { message: 'lights off please' });
  t.match(res.body, { status: 'completed', notice: UNGROUNDED_NOTICE, result: { grounding: 'none', toolsOffered: true } });
  const audit = await call(`/api/audit/runs/${res.body.runId}`, alice);
  t.match(audit.body.run, { grounding: 'none', groundedOn: [], toolsOffered: true, ungrounded: true, notice: UNGROUNDED_NOTICE });
  t.match(audit.body.modelSteps, [{ toolChoice: 'required', stopReason: 'stop' }], 'the trail shows a tool was required and none came');
});

t.test('an answer resting on a succeeded call names it; small talk and failures are not flagged', async (t) => {
  harness.onRun = (req) => result(req, { route: 'demo', toolCalls: [succeeded], grounding: 'tools', groundedOn: [{ toolCallId: 'c1', name: 'demo_lights' }], toolsOffered: true });
  const grounded = await call('/api/agent/runs', alice, { message: 'lights off, for real' });
  t.match(grounded.body, { notice: null, result: { grounding: 'tools' } });
  t.match((await call(`/api/audit/runs/${grounded.body.runId}`, alice)).body.run, { grounding: 'tools', groundedOn: [{ toolCallId: 'c1', tool: 'demo_lights' }], ungrounded: false, notice: null });

  harness.onRun = (req) => result(req, { route: 'chat', answer: 'Hello!', grounding: 'none', toolsOffered: false });
  const chat = await call('/api/agent/runs', alice, { message: 'hi there' });
  t.equal(chat.body.notice, null, 'a route without tools needs no notice');
  t.match((await call(`/api/audit/runs/${chat.body.runId}`, alice)).body.run, { grounding: 'none', toolsOffered: false, ungrounded: false });

  harness.onRun = () => 503;
  const down = await call('/api/agent/runs', alice, { message: 'anyone there' });
  t.match(down.body, { status: 'failed', notice: null, result: null });
  t.match((await call(`/api/audit/runs/${down.body.runId}`, alice)).body.run, { grounding: null, groundedOn: [], toolsOffered: null, ungrounded: false });
});

t.test('the run list filters on grounding and on the flag', async (t) => {
  const ids = async (query: string) => ((await call(`/api/audit/runs?${query}`, alice)).body.items as Array<{ input: string }>).map((run) => run.input).sort();
  t.same(await ids('ungrounded=true'), ['lights off please']);
  t.same(await ids('ungrounded=false'), ['anyone there', 'hi there', 'lights off, for real']);
  t.same(await ids('grounding=tools'), ['lights off, for real']);
  t.same(await ids('grounding=none'), ['hi there', 'lights off please']);
  const bad = await call('/api/audit/runs?grounding=maybe', alice);
  t.match(bad, { status: 400, body: { error: { code: 'validation_failed' } } });
});
