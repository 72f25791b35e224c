// Agent runs through the API: the harness is called with the caller's identity, sessions continue, and the audit is written after the boundary.
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createTestEnv } from '../../helpers/test-env.ts';
import type { RunRequest } from '../../../shared/contracts/run-request.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, te, kernel, server, call } = await startAgentApi(t);
const secret = te.env.NEXUS_SERVICE_SECRET!;
const { token: alice, summary: aliceToken } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: bob } = await kernel.tokens.create({ userId: 'bob', role: 'operator' });

t.test('a run goes to the harness with the caller’s identity and is audited', async (t) => {
  harness.onRun = (req) => result(req, { answer: 'The lights are off.', route: 'demo', skill: 'demo' });
  const res = await call('/api/agent/runs', alice, { message: 'lights off please' });
  t.equal(res.status, 200);
  t.match(res.body, { status: 'completed', answer: 'The lights are off.', error: null });
  const sent = harness.runs.at(-1)!;
  t.match(sent.identity, { userId: 'alice', role: 'operator', tokenId: aliceToken.id, sessionId: res.body.sessionId });
  t.same(sent.messages, [{ role: 'user', content: 'lights off please' }]);
  const audit = await call(`/api/audit/runs/${res.body.runId}`, alice);
  t.match(audit.body.run, { userId: 'alice', route: 'demo', status: 'completed', input: 'lights off please', answer: 'The lights are off.' });
});

t.test('a W3C traceparent on the request reaches the harness with the run; a malformed one does not', async (t) => {
  harness.onRun = (req) => result(req, { answer: 'ok' });
  const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  const send = (value: string) =>
    server.app.inject({ method: 'POST', url: '/api/agent/runs', headers: { authorization: `Bearer ${alice}`, traceparent: value }, payload: { message: 'traced' } });
  t.equal((await send(traceparent)).statusCode, 200);
  t.equal(harness.runs.at(-1)!.identity.traceparent, traceparent);
  t.equal((await send('00-nonsense')).statusCode, 200, 'a bad trace header never fails the run');
  t.notOk('traceparent' in harness.runs.at(-1)!.identity);
});

t.test('the run keeps its model steps, routing included; one run’s audit returns them, the list does not', async (t) => {
  const at = Date.UTC(2026, 0, 2, 3, 4, 5);
  harness.onRun = (req) => result(req, {
    route: 'demo',
    modelCalls: 1,
    toolCalls: [{ toolCallId: 'c1', name: 'demo_lights', arguments: { on: false }, status: 'succeeded', startedAt: at + 700, finishedAt: at + 720, durationMs: 20 }],
    modelSteps: [
      { index: 0, kind: 'routing', startedAt: at, finishedAt: at + 300, durationMs: 300, usage: { inputTokens: 40, outputTokens: 3, totalTokens: 43 }, text: '', toolCalls: [{ id: 'r1', name: 'select_route' }] },
      { index: 1, kind: 'agent', startedAt: at + 310, finishedAt: at + 690.4, durationMs: 380.4, usage: { inputTokens: 90, outputTokens: 12, totalTokens: 102 }, text: 'x'.repeat(2000), textTruncated: true, toolCalls: [{ id: 'c1', name: 'demo_lights' }] },
    ],
  });
  const res = await call('/api/agent/runs', alice, { message: 'lights off, and tell me how' });
  const audit = await call(`/api/audit/runs/${res.body.runId}`, alice);
  t.equal(audit.status, 200);
  t.same(audit.body.modelSteps, [
    { index: 0, kind: 'routing', startedAt: new Date(at).toISOString(), durationMs: 300, usage: { inputTokens: 40, outputTokens: 3 }, text: '', textTruncated: false, toolCalls: [{ toolCallId: 'r1', tool: 'select_route' }] },
    { index: 1, kind: 'agent', startedAt: new Date(at + 310).toISOString(), durationMs: 380, usage: { inputTokens: 90, outputTokens: 12 }, text: 'x'.repeat(2000), textTruncated: true, toolCalls: [{ toolCallId: 'c1', tool: 'demo_lights' }] },
  ]);
  t.match(audit.body.toolCalls, [{ toolCallId: 'c1', tool: 'demo_lights' }]);
  const list = await call(`/api/audit/runs?sessionId=${res.body.sessionId}`, alice);
  t.equal(list.body.items.length, 1);
  t.notOk('modelSteps' in list.body.items[0], 'the list carries no timelines');
});

t.test('the same session continues the conversation; another user cannot use it', async (t) => {
  harness.onRun = (req) => result(req, { answer: `answer ${req.messages.length}` });
  const first = await call('/api/agent/runs', alice, { message: 'one' });
  const second = await call('/api/agent/runs', alice, { message: 'two', sessionId: first.body.sessionId });
  t.equal(second.body.sessionId, first.body.sessionId);
  t.same(harness.runs.at(-1)!.messages, [
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'answer 1', tool_calls: [] },
    { role: 'user', content: 'two' },
  ]);
  t.equal(harness.runs.at(-1)!.threadId, first.body.sessionId);
  const stolen = await call('/api/agent/runs', bob, { message: 'me too', sessionId: first.body.sessionId });
  t.equal(stolen.status, 404);
});

t.test('a harness that fails or is down still leaves a failed run in the audit', async (t) => {
  harness.onRun = () => 500;
  const refused = await call('/api/agent/runs', alice, { message: 'boom' });
  t.match(refused.body, { status: 'failed', error: { code: 'harness_refused' } });
  t.match((await call(`/api/audit/runs/${refused.body.runId}`, alice)).body.run, { status: 'failed', error: { code: 'harness_refused' } });

  const te2 = await createTestEnv(t, { env: { NEXUS_SERVICE_SECRET: secret, NEXUS_HARNESS_URL: 'http://127.0.0.1:9', NEXUS_RUNTIME_PROFILE_PATH: te.env.NEXUS_RUNTIME_PROFILE_PATH } });
  const k2 = await createKernel({ process: 'api', env: te2.env, watchProfile: false });
  t.teardown(() => k2.close());
  const outcome = await k2.agent.runner.run({ userId: 'u', role: 'operator', tokenId: 'tok', via: 'user' }, { message: 'anyone?', correlationId: 'c1' });
  t.match(outcome, { status: 'failed', error: { code: 'harness_unavailable' } });
  const { createAuditRepository } = await import('../../../kernel/audit/audit-repository.ts');
  t.match((await (await createAuditRepository(k2.store)).getRun(outcome.runId))?.run, { status: 'failed', error: { code: 'harness_unavailable' } });
});

t.test('the stream relays the harness events and ends with the result', async (t) => {
  harness.onRun = (req) => result(req, { answer: 'streamed answer here' });
  const res = await server.app.inject({ method: 'POST', url: '/api/agent/runs/stream', headers: { authorization: `Bearer ${alice}` }, payload: { message: 'stream it' } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/event-stream/);
  const events = res.body.split('\n\n').filter(Boolean).map((block) => JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)));
  t.same(events.map((e: { type: string }) => e.type), ['session', 'run_started', 'text_delta', 'text_delta', 'text_delta', 'run_finished']);
  t.equal(events.filter((e: { type: string }) => e.type === 'text_delta').map((e: { delta: string }) => e.delta).join(''), 'streamed answer here');
  t.match((await call(`/api/audit/runs/${events[0].runId}`, alice)).body.run, { status: 'completed', answer: 'streamed answer here' });
});

t.test('a stream that misbehaves still ends with an error event and a failed run in the audit', async (t) => {
  t.teardown(() => void (harness.streamEvents = undefined));
  const streamed = async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/agent/runs/stream', headers: { authorization: `Bearer ${alice}` }, payload: { message: 'stream it' } });
    return res.body.split('\n\n').filter(Boolean).map((block) => JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)));
  };
  const audited = async (runId: string) => (await call(`/api/audit/runs/${runId}`, alice)).body.run;
  const started = (req: RunRequest) => ({ type: 'run_started', runId: req.runId, threadId: req.threadId, resumed: false });

  harness.streamEvents = (req) => [started(req), { type: 'text_delta', runId: req.runId, delta: 'half an ans' }];
  const cut = await streamed();
  t.same(cut.map((e) => e.type), ['session', 'run_started', 'text_delta']);
  t.match(await audited(cut[0].runId), { status: 'failed', error: { code: 'harness_stream_ended' } });

  harness.streamEvents = (req) => [started(req), { type: 'text_delta', runId: req.runId }, { type: 'text_delta', runId: req.runId, delta: 'never read' }];
  const off = await streamed();
  t.same(off.map((e) => e.type), ['session', 'run_started', 'error'], 'an event off the contract ends the stream');
  t.match(off.at(-1), { error: { code: 'harness_refused', message: /unexpected shape/ } });
  t.match(await audited(off[0].runId), { status: 'failed', error: { code: 'harness_refused' } });

  harness.streamEvents = (req) => [started(req), { type: 'error', runId: req.runId, error: { code: 'model_unavailable', message: 'No model answered.' } }];
  const failed = await streamed();
  t.match(failed.at(-1), { type: 'error', error: { code: 'model_unavailable' } });
  t.match(await audited(failed[0].runId), { status: 'failed', error: { code: 'model_unavailable', message: 'No model answered.' } });
});

t.test('bad input is refused with a clear error', async (t) => {
  t.equal((await call('/api/agent/runs', alice, { message: '' })).status, 400);
  t.equal((await call('/api/agent/runs', alice, { message: 'x'.repeat(20_001) })).status, 400);
  t.equal((await call('/api/agent/runs', alice, { message: 'hi', sessionId: '../etc' })).status, 400);
  t.equal((await call('/api/agent/runs', alice, { message: 'hi', extra: 1 })).status, 400);
});
