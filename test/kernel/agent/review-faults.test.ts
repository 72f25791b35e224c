// Faults around reviews and the store: one decision wins across two API copies, a failed resume gives the review back, an unreachable store is a 503.
import t from 'tap';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { toAppError } from '../../../kernel/http/error-handler.ts';
import { hashArguments, REVIEW_REQUESTS_COLLECTION } from '../../../kernel/agent/review-repository.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, te, kernel, call } = await startAgentApi(t);
const { token: alice } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: lead } = await kernel.tokens.create({ userId: 'lead', role: 'lead' });
const args = { on: true };
const decision = { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] };

async function pausedRun(): Promise<string> {
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  return (await call('/api/agent/runs', alice, { message: 'switch on' })).body.runId;
}

t.test('the same decision sent to two API copies at the same moment is applied once; the other gets 409', async (t) => {
  const second = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const secondServer = await createApiServer(second);
  t.teardown(async () => {
    await secondServer.close();
    await second.close();
  });
  const runId = await pausedRun();
  harness.onResume = (req) => result(req, { answer: 'on' });
  const post = (server: typeof secondServer) => server.app.inject({ method: 'POST', url: `/api/agent/reviews/${runId}/decisions`, headers: { authorization: `Bearer ${lead}` }, payload: decision });
  const [a, b] = await Promise.all([call(`/api/agent/reviews/${runId}/decisions`, lead, decision), post(secondServer)]);
  t.same([a.status, b.statusCode].sort(), [200, 409]);
  t.equal(harness.resumes.filter((r) => r.runId === runId).length, 1, 'the harness was asked to resume once');
});

t.test('a resume that never reached the harness gives the review back (not stuck in deciding), and it can be decided again', async (t) => {
  const runId = await pausedRun();
  const down = await createKernel({ process: 'api', env: { ...te.env, NEXUS_HARNESS_URL: 'http://127.0.0.1:9' }, watchProfile: false });
  const downServer = await createApiServer(down);
  t.teardown(async () => {
    await downServer.close();
    await down.close();
  });
  const failed = await downServer.app.inject({ method: 'POST', url: `/api/agent/reviews/${runId}/decisions`, headers: { authorization: `Bearer ${lead}` }, payload: decision });
  t.equal(failed.statusCode, 503);
  t.equal(failed.json().error.code, 'harness_unavailable');
  t.match(await kernel.store.collection(REVIEW_REQUESTS_COLLECTION).findOne({ runId }), { status: 'pending', decidedBy: null });
  harness.onResume = (req) => result(req, { answer: 'on after all' });
  t.match((await call(`/api/agent/reviews/${runId}/decisions`, lead, decision)).body, { status: 'completed', answer: 'on after all' });
  t.match((await call(`/api/audit/runs/${runId}`, alice)).body.run, { status: 'completed' });
});

t.test('a database that cannot be reached answers 503 store_unavailable, from the driver’s own errors', async (t) => {
  t.match(toAppError(new MongoNetworkError('connection reset') as never), { code: 'store_unavailable', status: 503 });
  const wrapped = Object.assign(new Error('outer'), { cause: new MongoServerSelectionError('no server', { servers: new Map(), type: 'Unknown' } as never) });
  t.match(toAppError(wrapped as never), { code: 'store_unavailable', status: 503 });
  t.match(toAppError(new Error('something else') as never), { code: 'internal_error' });
});
