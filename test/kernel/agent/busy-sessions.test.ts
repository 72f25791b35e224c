// A second message into a busy session: refused, queued in order, or interrupting the busy run, by the profile's policy per channel.
import path from 'node:path';
import t from 'tap';
import type { RunRequest } from '../../../shared/contracts/run-request.ts';
import type { RunResult } from '../../../shared/contracts/run-result.ts';
import { SESSION_TURNS_COLLECTION, type TurnDoc } from '../../../kernel/agent/session-turns.ts';
import { SESSIONS_COLLECTION } from '../../../kernel/agent/session-repository.ts';
import { hashArguments } from '../../../kernel/agent/review-repository.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { startAgentApi } from './agent-api-rig.ts';

const { harness, kernel, call } = await startAgentApi(t, { env: { NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/fixtures/profiles/busy-profile.yaml') } });
const { token: alice } = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const { token: lead } = await kernel.tokens.create({ userId: 'lead', role: 'lead' });
const aliceId = await kernel.authenticator.authenticate({ authorization: `Bearer ${alice}` });
const turns = kernel.store.collection<TurnDoc>(SESSION_TURNS_COLLECTION);

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Holds each run the harness receives until the test lets it answer; `arrived` resolves as each one comes in. */
function holdRuns() {
  const held = new Map<string, (value: RunResult | number) => void>();
  const waiting: Array<(req: RunRequest) => void> = [];
  const arrived: RunRequest[] = [];
  harness.onRun = (req) => new Promise((resolve) => {
    held.set(req.runId, resolve);
    arrived.push(req);
    waiting.shift()?.(req);
  });
  return {
    next: () => new Promise<RunRequest>((resolve) => waiting.push(resolve)),
    answer: (req: RunRequest, over: Partial<RunResult> = {}) => held.get(req.runId)!(result(req, over)),
    arrived,
  };
}

const cancelledResult = (req: { runId: string; threadId?: string }, by: string): Partial<RunResult> => ({
  status: 'failed', answer: undefined,
  error: { code: 'cancelled', message: `the run was cancelled by ${by}`, details: { cancelledBy: { userId: by, role: 'operator' } } },
});

t.test('the bare API refuses a second message while a run is in progress, naming the busy run', async (t) => {
  const hold = holdRuns();
  const sessionId = 'busy-api-1';
  const first = call('/api/agent/runs', alice, { message: 'one', sessionId });
  const running = await hold.next();
  const second = await call('/api/agent/runs', alice, { message: 'two', sessionId });
  t.equal(second.status, 409);
  t.match(second.body.error, { code: 'session_busy', details: { sessionId, busyRunId: running.runId } });
  hold.answer(running, { answer: 'first answer' });
  t.match((await first).body, { status: 'completed', answer: 'first answer' });
  const third = call('/api/agent/runs', alice, { message: 'three', sessionId });
  hold.answer(await hold.next(), { answer: 'third answer' });
  t.match((await third).body, { status: 'completed', answer: 'third answer' }, 'the session is free once the run settled');
  t.equal(hold.arrived.length, 2, 'the refused message never reached the harness');
});

t.test('a run paused for review keeps its session busy until it is decided', async (t) => {
  const args = { on: false };
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const sessionId = 'busy-paused-1';
  const paused = await call('/api/agent/runs', alice, { message: 'switch off', sessionId });
  t.equal(paused.body.status, 'interrupted');
  const refused = await call('/api/agent/runs', alice, { message: 'and now?', sessionId });
  t.match(refused.body.error, { code: 'session_busy', details: { busyRunId: paused.body.runId } });
  harness.onResume = (req) => result(req, { answer: 'switched off' });
  const decided = await call(`/api/agent/reviews/${paused.body.runId}/decisions`, lead, { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] });
  t.equal(decided.status, 200);
  harness.onRun = (req) => result(req, { answer: `history ${req.messages.length}` });
  const after = await call('/api/agent/runs', alice, { message: 'and now?', sessionId });
  t.match(after.body, { status: 'completed', answer: 'history 3' }, 'the resumed run’s answer is in the next run’s history');
});

t.test('under load, queued messages run one at a time in the order they were accepted, none lost or repeated', async (t) => {
  const sessions = ['load-a', 'load-b', 'load-c', 'load-d', 'load-e'];
  const inFlight = new Map<string, number>();
  let overlap = false;
  // Answers come back out of arrival order (each after a different number of event-loop turns), as a real harness's would.
  harness.onRun = async (req) => {
    inFlight.set(req.threadId, (inFlight.get(req.threadId) ?? 0) + 1);
    if (inFlight.get(req.threadId)! > 1) overlap = true;
    const text = (req.messages.at(-1) as { content: string }).content;
    for (let i = 0; i < (text.length * 7) % 5; i++) await new Promise((r) => setImmediate(r));
    inFlight.set(req.threadId, inFlight.get(req.threadId)! - 1);
    return result(req, { answer: `re: ${text}` });
  };
  const sent = Array.from({ length: 50 }, (_, i) => ({ sessionId: sessions[i % 5]!, message: `message ${i}` }));
  const outcomes = await Promise.all(sent.map((m) => kernel.agent.runner.run(aliceId, { ...m, channel: 'queued', correlationId: `load-${m.message}` })));
  t.ok(outcomes.every((o) => o.status === 'completed'), 'every message ran');
  t.notOk(overlap, 'no session ever had two runs at the harness at once');
  for (const sessionId of sessions) {
    const accepted = await turns.find({ sessionId }, { sort: { seq: 1 } }).toArray();
    t.equal(accepted.length, 10, `${sessionId}: ten messages accepted`);
    const byRun = new Map(outcomes.map((o, i) => [o.runId, sent[i]!.message]));
    const order = accepted.map((turn) => byRun.get(turn.runId)!);
    t.equal(new Set(order).size, 10, `${sessionId}: no message twice`);
    const stored = await kernel.store.collection<{ _id: string; turns: { role: string; content: string }[] }>(SESSIONS_COLLECTION).findOne({ _id: sessionId });
    t.same(stored!.turns.map((turn) => turn.content), order.flatMap((m) => [m, `re: ${m}`]), `${sessionId}: the turns follow the order of acceptance`);
    const last = harness.runs.filter((r) => r.threadId === sessionId).at(-1)!;
    t.same(last.messages.map((m) => (m as { content: string }).content), [...order.slice(0, 9).flatMap((m) => [m, `re: ${m}`]), order[9]], `${sessionId}: each run saw every earlier answer`);
    t.ok(accepted.every((turn) => turn.state === 'settled' && turn.end === 'finished'));
  }
});

t.test('interrupt: the busy run is cancelled (and recorded so, with who did it), then the new message runs', async (t) => {
  const hold = holdRuns();
  const sessionId = 'urgent-1';
  const first = kernel.agent.runner.run(aliceId, { message: 'long job', sessionId, channel: 'urgent', correlationId: 'u1' });
  const running = await hold.next();
  const cancelAsked = deferred();
  harness.onCancel = (runId, body) => {
    t.equal(runId, running.runId);
    t.same(body.by, { userId: 'alice', role: 'operator' });
    cancelAsked.resolve();
    return { runId, state: 'cancelling' };
  };
  const second = kernel.agent.runner.run(aliceId, { message: 'stop, do this instead', sessionId, channel: 'urgent', correlationId: 'u2' });
  await cancelAsked.promise;
  hold.answer(running, cancelledResult(running, 'alice'));
  const next = await hold.next();
  t.same(next.messages.map((m) => (m as { content: string }).content), ['long job', 'stop, do this instead'], 'the cancelled run left no answer in the history');
  hold.answer(next, { answer: 'done instead' });
  t.match(await first, { status: 'failed', error: { code: 'cancelled' } });
  t.match(await second, { status: 'completed', answer: 'done instead' });
  const audit = await call(`/api/audit/runs/${(await first).runId}`, alice);
  t.match(audit.body.run, { status: 'failed', error: { code: 'cancelled' }, cancelledBy: 'alice' });
});

t.test('interrupt also drops a message still waiting its turn, and records it as cancelled before it started', async (t) => {
  const hold = holdRuns();
  const sessionId = 'urgent-2';
  harness.onCancel = (runId) => ({ runId, state: 'cancelling' });
  const first = kernel.agent.runner.run(aliceId, { message: 'one', sessionId, channel: 'queued', correlationId: 'w1' });
  const running = await hold.next();
  const waiting = kernel.agent.runner.run(aliceId, { message: 'two', sessionId, channel: 'queued', correlationId: 'w2' });
  // The queued message is in the store once its turn document exists.
  while ((await turns.countDocuments({ sessionId })) < 2) await new Promise((r) => setImmediate(r));
  const third = kernel.agent.runner.run(aliceId, { message: 'three', sessionId, channel: 'urgent', correlationId: 'w3' });
  const dropped = await waiting;
  t.match(dropped, { status: 'failed', error: { code: 'cancelled', message: 'The run was cancelled by alice before it started.' } });
  hold.answer(running, cancelledResult(running, 'alice'));
  hold.answer(await hold.next(), { answer: 'three done' });
  t.match(await third, { status: 'completed', answer: 'three done' });
  await first;
  t.match((await call(`/api/audit/runs/${dropped.runId}`, alice)).body.run, { status: 'failed', error: { code: 'cancelled' }, cancelledBy: 'alice' });
  t.equal(hold.arrived.filter((r) => r.threadId === sessionId).length, 2, 'the dropped message never reached the harness');
});

t.test('a holder that stopped renewing its lease no longer holds the session', async (t) => {
  const sessionId = 'lapsed-1';
  const at = new Date(Date.now() - 120_000);
  await turns.insertOne({ _id: `${sessionId}#000000000001`, sessionId, seq: 1, runId: 'gone-run', userId: 'alice', state: 'running', leaseUntil: at, acceptedAt: at, end: null, cancelledBy: null });
  harness.onRun = (req) => result(req, { answer: 'free again' });
  const res = await call('/api/agent/runs', alice, { message: 'anyone?', sessionId });
  t.match(res.body, { status: 'completed', answer: 'free again' });
  t.match(await turns.findOne({ runId: 'gone-run' }), { state: 'settled', end: 'lapsed' });
});
