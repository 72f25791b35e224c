// POST /api/agent/runs/:id/cancel: the run's user (or a role with runs.cancel.any) stops a queued, running or paused run; who did it is recorded.
import path from 'node:path';
import t from 'tap';
import type { RunRequest } from '../../../shared/contracts/run-request.ts';
import type { RunResult } from '../../../shared/contracts/run-result.ts';
import { hashArguments } from '../../../kernel/agent/review-repository.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, kernel, call } = await startAgentApi(t, { env: { NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/fixtures/profiles/busy-profile.yaml') } });
const { token: alice } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: bob } = await kernel.tokens.create({ userId: 'bob', role: 'operator' });
const { token: admin } = await kernel.tokens.create({ userId: 'root', role: 'admin' });
const { token: lead } = await kernel.tokens.create({ userId: 'lead', role: 'lead' });

const cancelledBy = (userId: string, role: string): Partial<RunResult> => ({
  status: 'failed', answer: undefined,
  error: { code: 'cancelled', message: `the run was cancelled by ${userId}`, details: { cancelledBy: { userId, role } } },
});

t.test('a running run: the flag goes to the harness with who asked; the run is recorded cancelled when it stops', async (t) => {
  let arrived!: (req: RunRequest) => void;
  const started = new Promise<RunRequest>((r) => (arrived = r));
  let finish!: (value: RunResult) => void;
  harness.onRun = (req) => new Promise((resolve) => {
    finish = resolve;
    arrived(req);
  });
  const run = call('/api/agent/runs', alice, { message: 'long job' });
  const req = await started;
  t.match(await call(`/api/agent/runs/${req.runId}/cancel`, bob, {}), { status: 404, body: { error: { code: 'run_not_found' } } }, 'another user’s run is not even confirmed');
  const res = await call(`/api/agent/runs/${req.runId}/cancel`, alice, {});
  t.match(res, { status: 200, body: { runId: req.runId, status: 'cancelling', outcome: null } });
  t.match(harness.cancels.at(-1), { runId: req.runId, body: { by: { userId: 'alice', role: 'operator' } } });
  finish(result(req, cancelledBy('alice', 'operator')));
  t.match((await run).body, { status: 'failed', error: { code: 'cancelled' } });
  t.match((await call(`/api/audit/runs/${req.runId}`, alice)).body.run, { status: 'failed', error: { code: 'cancelled' }, cancelledBy: 'alice' });
  t.match(await call(`/api/agent/runs/${req.runId}/cancel`, alice, {}), { status: 409, body: { error: { code: 'run_not_active' } } });
});

t.test('a paused run ends at once: its review is closed, the outcome says who cancelled it', async (t) => {
  const args = { on: true };
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const paused = await call('/api/agent/runs', alice, { message: 'switch on' });
  harness.onCancel = (runId, body) => ({ runId, state: 'cancelled', result: result({ runId }, cancelledBy(body.by.userId, body.by.role)) });
  const res = await call(`/api/agent/runs/${paused.body.runId}/cancel`, admin, {});
  t.match(res, { status: 200, body: { status: 'cancelled', outcome: { status: 'failed', error: { code: 'cancelled' } } } }, 'an admin (runs.cancel.any) may cancel anyone’s run');
  t.match((await call(`/api/audit/runs/${paused.body.runId}`, admin)).body.run, { cancelledBy: 'root' });
  const late = await call(`/api/agent/reviews/${paused.body.runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.equal(late.status, 409, 'a decision after the cancel is refused');
  t.equal(harness.resumes.filter((r) => r.runId === paused.body.runId).length, 0);
  harness.onRun = (req) => result(req, { answer: 'free' });
  t.match((await call('/api/agent/runs', alice, { message: 'next', sessionId: paused.body.sessionId })).body, { status: 'completed' }, 'the session is free again');
});

t.test('a harness that cannot be reached leaves the paused run and its review as they were', async (t) => {
  const args = { on: false };
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const paused = await call('/api/agent/runs', alice, { message: 'switch off' });
  harness.onCancel = () => 503;
  t.equal((await call(`/api/agent/runs/${paused.body.runId}/cancel`, alice, {})).status, 502);
  harness.onResume = (req) => result(req, { answer: 'off' });
  const decided = await call(`/api/agent/reviews/${paused.body.runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.match(decided, { status: 200, body: { status: 'completed', answer: 'off' } }, 'the review was given back and could still be decided');
});

t.test('an unknown run is 404', async (t) => {
  t.match(await call('/api/agent/runs/nope/cancel', alice, {}), { status: 404, body: { error: { code: 'run_not_found' } } });
});

t.test('a harness that answers the cancel of a paused run without ending it gives the review back', async (t) => {
  const args = { on: 'later' };
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const paused = await call('/api/agent/runs', alice, { message: 'switch later' });
  harness.onCancel = (runId) => ({ runId, state: 'cancelling' });
  t.match(await call(`/api/agent/runs/${paused.body.runId}/cancel`, alice, {}), { status: 502, body: { error: { code: 'harness_refused' } } });
  t.match(await kernel.store.collection('agent_review_requests').findOne({ runId: paused.body.runId }), { status: 'pending', decidedBy: null });
  harness.onResume = (req) => result(req, { answer: 'switched' });
  const decided = await call(`/api/agent/reviews/${paused.body.runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.match(decided, { status: 200, body: { status: 'completed', answer: 'switched' } });
});
