// Human review through the API: who may decide, once only, on the arguments shown; the same run resumes with the requester re-resolved.
import t from 'tap';
import { hashArguments } from '../../../kernel/agent/review-repository.ts';
import type { RunRequest } from '../../../shared/contracts/run-request.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, kernel, call } = await startAgentApi(t);
const { token: alice, summary: aliceToken } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: lead } = await kernel.tokens.create({ userId: 'lena', role: 'lead' });
const { token: admin } = await kernel.tokens.create({ userId: 'root', role: 'admin' });

const args = { deviceId: 'lamp-1', command: { power: 'off' } };
const pause = (req: RunRequest) =>
  result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });

async function pausedRun() {
  harness.onRun = pause;
  const res = await call('/api/agent/runs', alice, { message: 'switch off lamp 1' });
  t.equal(res.body.status, 'interrupted');
  return res.body.runId as string;
}

t.test('a paused run is listed for those who may review its tools, with the argument hash', async (t) => {
  const runId = await pausedRun();
  const forLead = await call('/api/agent/reviews', lead);
  const item = forLead.body.items.find((i: { runId: string }) => i.runId === runId);
  t.match(item, { requester: { userId: 'alice', role: 'operator' }, items: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, argumentsHash: hashArguments(args) }] });
  t.equal((await call('/api/agent/reviews', alice)).status, 200);
  t.notOk((await call('/api/agent/reviews', alice)).body.items.some((i: { runId: string }) => i.runId === runId), 'a role without `reviews` sees nothing to decide');
});

t.test('approve resumes the same run with the requester re-resolved and records the decision once', async (t) => {
  const runId = await pausedRun();
  harness.onResume = (req) => result(req, {
    answer: 'Lamp 1 is off.',
    toolCalls: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, status: 'succeeded', source: 'operations', result: { content: [{ type: 'text', text: 'ok' }], isError: false }, review: { decision: 'approve', reviewerId: 'lena' }, startedAt: 1, finishedAt: 2, durationMs: 1 }],
  });
  const decided = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.equal(decided.status, 200);
  t.match(decided.body, { runId, status: 'completed', answer: 'Lamp 1 is off.' });
  const sent = harness.resumes.at(-1)!;
  t.match(sent, { runId, decisions: [{ toolCallId: 'call-1', type: 'approve' }], identity: { userId: 'alice', role: 'operator', tokenId: aliceToken.id }, reviewer: { userId: 'lena', role: 'lead' } });
  t.notOk('argumentsHash' in sent.decisions[0]!, 'the hash stays in the app');
  const again = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.equal(again.status, 409);
  t.equal(again.body.error.code, 'review_already_decided');
  const audit = await call(`/api/audit/runs/${runId}`, admin);
  t.match(audit.body, { run: { status: 'completed' }, toolCalls: [{ tool: 'demo_switch', server: 'operations', reviewedBy: 'lena' }], reviewDecisions: [{ decision: 'approve', reviewerId: 'lena', reviewerRole: 'lead' }] });
});

t.test('refusals: wrong role, changed arguments, missing or extra decisions, bad shapes', async (t) => {
  const runId = await pausedRun();
  const approve = (over: object = {}) => ({ decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args), ...over }] });
  const asOperator = await call(`/api/agent/reviews/${runId}/decisions`, alice, approve());
  t.equal(asOperator.status, 403);
  t.equal(asOperator.body.error.code, 'review_forbidden');
  const changed = await call(`/api/agent/reviews/${runId}/decisions`, lead, approve({ argumentsHash: hashArguments({ deviceId: 'lamp-2' }) }));
  t.equal(changed.body.error.code, 'review_arguments_changed');
  const wrongCall = await call(`/api/agent/reviews/${runId}/decisions`, lead, approve({ toolCallId: 'call-9' }));
  t.equal(wrongCall.body.error.code, 'review_incomplete');
  const bad = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'maybe', argumentsHash: hashArguments(args) }] });
  t.equal(bad.status, 400);
  t.equal((await call('/api/agent/reviews/no-such-run/decisions', lead, approve())).body.error.code, 'review_not_found');
  const resumesBefore = harness.resumes.length;
  const ok = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'reject', reason: 'not now', argumentsHash: hashArguments(args) }] });
  t.equal(ok.status, 200, 'the refusals left the review pending');
  t.equal(harness.resumes.length, resumesBefore + 1);
  t.match(harness.resumes.at(-1)!.decisions, [{ type: 'reject', reason: 'not now' }]);
});

t.test('edit and respond decisions pass their content on', async (t) => {
  const runId = await pausedRun();
  await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'edit', arguments: { deviceId: 'lamp-1', command: { brightness: 30 } }, argumentsHash: hashArguments(args) }] });
  t.match(harness.resumes.at(-1)!.decisions, [{ type: 'edit', arguments: { command: { brightness: 30 } } }]);
  const second = await pausedRun();
  await call(`/api/agent/reviews/${second}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'respond', message: 'use the other lamp', argumentsHash: hashArguments(args) }] });
  t.match(harness.resumes.at(-1)!.decisions, [{ type: 'respond', message: 'use the other lamp' }]);
});

t.test('a requester whose token was revoked: the resume fails cleanly and is recorded', async (t) => {
  const { token: carolToken, summary } = await kernel.tokens.create({ userId: 'carol', role: 'operator' });
  harness.onRun = pause;
  const paused = await call('/api/agent/runs', carolToken, { message: 'switch off lamp 1' });
  await kernel.tokens.revoke({ id: summary.id });
  const resumesBefore = harness.resumes.length;
  const res = await call(`/api/agent/reviews/${paused.body.runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.match(res.body, { status: 'failed', error: { code: 'token_revoked' } });
  t.equal(harness.resumes.length, resumesBefore, 'nothing runs for a revoked requester');
  const audit = await call(`/api/audit/runs/${paused.body.runId}`, admin);
  t.match(audit.body, { run: { status: 'failed', error: { code: 'token_revoked' } }, reviewDecisions: [{ decision: 'approve' }] });
});

t.test('an expired review resumes as rejected', async (t) => {
  const runId = await pausedRun();
  await kernel.store.collection('agent_review_requests').updateOne({ runId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  t.equal(await kernel.agent.reviews.expireDue(), 1);
  t.match(harness.resumes.at(-1), { runId, decisions: [{ type: 'reject', reason: /expired/ }] });
  t.match((await call(`/api/audit/runs/${runId}`, admin)).body.reviewDecisions, [{ decision: 'reject', reviewerId: 'system' }]);
  const late = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.equal(late.body.error.code, 'review_already_decided');
});
