// The audit read routes: filters, paging, one run's timeline, and users seeing only their own runs.
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { createAuditRepository } from '../../../kernel/audit/audit-repository.ts';
import type { RunRecord } from '../../../kernel/audit/audit-schemas.ts';
import { createTestEnv } from '../../helpers/test-env.ts';

const te = await createTestEnv(t);
const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
const server = await createApiServer(kernel);
t.teardown(async () => {
  await server.close();
  await kernel.close();
});
const audit = await createAuditRepository(kernel.store);
const admin = (await kernel.tokens.create({ userId: 'root', role: 'admin' })).token;
const gina = (await kernel.tokens.create({ userId: 'gina', role: 'greeter' })).token;
const get = async (url: string, token: string) => {
  const res = await server.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() };
};

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const run = (i: number, userId: string, status: RunRecord['status'], route: string): RunRecord => ({
  _id: `run-${i}`, userId, role: 'greeter', sessionId: `s-${i % 2}`, correlationId: `c-${i}`, traceId: i === 0 ? TRACE_ID : null, route, skill: route, input: `ask ${i}`,
  status, answer: status === 'completed' ? 'done' : null, error: status === 'failed' ? { code: 'harness_unavailable', message: 'down' } : null,
  usage: { inputTokens: 10, outputTokens: 5 }, startedAt: new Date(Date.UTC(2026, 10, 1, 0, i)), finishedAt: new Date(Date.UTC(2026, 10, 1, 0, i, 30)), durationMs: 30_000,
});
for (let i = 0; i < 6; i++) {
  await audit.recordRun(run(i, i < 4 ? 'gina' : 'hal', i === 5 ? 'failed' : 'completed', i % 3 === 0 ? 'dige' : 'rag'), i === 0
    ? [{ _id: 'call-0', runId: 'run-0', toolCallId: 'tc-1', tool: 'dige_list_devices', server: 'operations', arguments: { roomId: 'r1' }, result: { content: [] }, isError: false, refusal: null, reviewedBy: null, startedAt: new Date(Date.UTC(2026, 10, 1, 0, 0, 5)), durationMs: 12 }]
    : []);
}
await audit.recordReviewDecision({ _id: 'dec-0', runId: 'run-0', toolCallId: 'tc-1', decision: 'approve', reviewerId: 'root', reviewerRole: 'admin', detail: null, decidedAt: new Date(Date.UTC(2026, 10, 1, 0, 1)) });

t.test('admins filter and page through every run, newest first', async (t) => {
  const all = await get('/api/audit/runs', admin);
  t.equal(all.status, 200);
  t.equal(all.body.total, 6);
  t.same(all.body.items.map((r: { id: string }) => r.id), ['run-5', 'run-4', 'run-3', 'run-2', 'run-1', 'run-0']);
  t.same((await get('/api/audit/runs?limit=2&offset=2', admin)).body.items.map((r: { id: string }) => r.id), ['run-3', 'run-2']);
  t.equal((await get('/api/audit/runs?userId=hal', admin)).body.total, 2);
  t.equal((await get('/api/audit/runs?status=failed', admin)).body.items[0].error.code, 'harness_unavailable');
  t.equal((await get('/api/audit/runs?route=dige', admin)).body.total, 2);
  t.equal((await get('/api/audit/runs?sessionId=s-1', admin)).body.total, 3);
  t.equal((await get('/api/audit/runs?from=2026-11-01T00:02:00Z&to=2026-11-01T00:04:00Z', admin)).body.total, 2);
});

t.test('a user without audit.read sees only their own runs', async (t) => {
  const own = await get('/api/audit/runs?userId=hal', gina);
  t.equal(own.body.total, 4, 'the userId filter cannot widen the view');
  t.ok(own.body.items.every((r: { userId: string }) => r.userId === 'gina'));
  t.equal((await get('/api/audit/runs/run-4', gina)).status, 404);
  t.equal((await get('/api/audit/runs/run-0', gina)).status, 200);
});

t.test('one run comes with its tool calls and review decisions', async (t) => {
  const one = await get('/api/audit/runs/run-0', admin);
  t.equal(one.body.run.input, 'ask 0');
  t.equal(one.body.run.traceId, TRACE_ID, 'the run keeps the trace id it was recorded with');
  t.equal((await get('/api/audit/runs/run-1', admin)).body.run.traceId, null, 'an untraced run says so');
  t.match(one.body.toolCalls, [{ tool: 'dige_list_devices', arguments: { roomId: 'r1' }, isError: false }]);
  t.match(one.body.reviewDecisions, [{ decision: 'approve', reviewerId: 'root' }]);
  t.same(one.body.modelSteps, [], 'a run recorded without model steps shows none');
  t.equal((await get('/api/audit/runs/nope', admin)).body.error.code, 'not_found');
});

t.test('bad filters are refused with the field named', async (t) => {
  const bad = await get('/api/audit/runs?status=bogus&limit=0', admin);
  t.equal(bad.status, 400);
  t.equal(bad.body.error.code, 'validation_failed');
  t.equal((await get('/api/audit/runs?color=red', admin)).status, 400);
});

t.test('a later boundary of the same run (after a review) replaces its step list with the longer one', async (t) => {
  const step = (index: number) => ({
    index, kind: 'agent' as const, startedAt: new Date(Date.UTC(2026, 10, 2, 0, 0, index)), durationMs: 5,
    usage: { inputTokens: 1, outputTokens: 1 }, text: `step ${index}`, textTruncated: false, toolCalls: [],
  });
  await audit.recordRun({ ...run(9, 'gina', 'interrupted', 'dige'), modelSteps: [step(0)] }, []);
  await audit.recordRun({ ...run(9, 'gina', 'completed', 'dige'), modelSteps: [step(0), step(1)] }, []);
  const one = await get('/api/audit/runs/run-9', admin);
  t.equal(one.body.run.status, 'completed');
  t.same(one.body.modelSteps.map((s: { index: number; text: string; startedAt: string }) => [s.index, s.text, s.startedAt]), [
    [0, 'step 0', '2026-11-02T00:00:00.000Z'],
    [1, 'step 1', '2026-11-02T00:00:01.000Z'],
  ]);
});
