// Review expiry is a timer of the API process on the injected clock: a GET never resumes a run, and a late decision cannot race the expiry.
import t from 'tap';
import { REVIEW_EXPIRY_EVERY_MS } from '../../../kernel/agent/review-expiry.ts';
import { hashArguments, REVIEW_REQUESTS_COLLECTION } from '../../../kernel/agent/review-repository.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { ManualClock } from '../../../kernel/testing/manual-clock.ts';
import { startAgentApi } from './agent-api-rig.ts';

const clock = new ManualClock('2026-05-04T08:00:00Z');
const { harness, kernel, call } = await startAgentApi(t, { clock });
const { token: alice } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: lead } = await kernel.tokens.create({ userId: 'lena', role: 'lead' });
const { token: admin } = await kernel.tokens.create({ userId: 'root', role: 'admin' });
const ttlMs = kernel.config.reviewTtlHours * 3_600_000;
const args = { deviceId: 'lamp-1' };

t.test('a GET never expires a review; the timer does once its time has come', async (t) => {
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const runId = (await call('/api/agent/runs', alice, { message: 'switch' })).body.runId as string;
  const listed = async () => (await call('/api/agent/reviews', lead)).body.items.some((i: { runId: string }) => i.runId === runId);
  const stored = () => kernel.store.collection(REVIEW_REQUESTS_COLLECTION).findOne({ runId });

  await clock.advance(REVIEW_EXPIRY_EVERY_MS);
  t.ok(await listed(), 'before its expiry the timer leaves it alone');
  t.equal(harness.resumes.length, 0);

  clock.jump(ttlMs);
  t.notOk(await listed(), 'past its expiry it is no longer offered');
  t.equal(harness.resumes.length, 0, 'the GET resumed nothing');
  t.match(await stored(), { status: 'pending' });
  const late = await call(`/api/agent/reviews/${runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.match(late, { status: 409, body: { error: { code: 'review_already_decided', message: /expired/ } } });
  t.equal(harness.resumes.length, 0, 'a late decision resumes nothing either');

  await clock.advance(REVIEW_EXPIRY_EVERY_MS);
  t.match(harness.resumes, [{ runId, decisions: [{ toolCallId: 'call-1', type: 'reject', reason: /expired/ }] }]);
  t.match(await stored(), { status: 'expired', decidedBy: 'system' });
  t.match((await call(`/api/audit/runs/${runId}`, admin)).body, { run: { status: 'completed' }, reviewDecisions: [{ decision: 'reject', reviewerId: 'system' }] });
});
