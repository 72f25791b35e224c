// The scheduler.goal executor through the real task service and worker: the goal runs through the agent-run service as the
// re-resolved owner, and the run's outcome (completed, waiting for review, failed) becomes the occurrence's result.
import t, { type Test } from 'tap';
import type { AccessPolicy, AgentRunInput, AgentRunOutcome, AgentRunService, Identity } from 'nexus/kernel';
import { createGoalExecutor } from '../../../../plugins/scheduler/executors/goal-executor.ts';
import { createHarness, fakeAccess, type Harness } from '../helpers/scheduler-harness.ts';

const START = '2026-03-02T17:59:00.000Z';

/** Every role but `guest` may run the agent; admins hold every permission. */
const access: AccessPolicy = { ...fakeAccess, hasPermission: (role, permission) => role === 'admin' || (permission === 'agent.run' && role !== 'guest') };

interface FakeAgentRuns extends AgentRunService {
  readonly calls: { identity: Identity; input: AgentRunInput }[];
  answer: (input: AgentRunInput) => Omit<AgentRunOutcome, 'runId' | 'sessionId'>;
}

/** Stands in for the kernel's agent-run service (which calls the harness); records who asked what. */
function fakeAgentRuns(): FakeAgentRuns {
  const fake: FakeAgentRuns = {
    calls: [],
    answer: () => ({ status: 'completed', answer: 'ok', result: null, error: null, notice: null }),
    async run(identity, input) {
      fake.calls.push({ identity, input });
      return { runId: `run-${fake.calls.length}`, sessionId: input.sessionId ?? `session-${fake.calls.length}`, ...fake.answer(input) };
    },
    stream() {
      throw new Error('goal runs do not stream');
    },
    // The goal executor does not listen for settled runs.
    onSettled: () => () => undefined,
  };
  return fake;
}

async function setup(t: Test) {
  const agentRuns = fakeAgentRuns();
  const h = await createHarness(t, { start: START, executors: [createGoalExecutor({ agentRuns, access })] });
  return { h, agentRuns, owner: h.identities.identity('olivia', 'operator') };
}

async function scheduleAndRun(h: Harness, owner: Identity, payload: unknown) {
  const task = await h.scheduler.tasks.create(owner, { kind: 'scheduler.goal', title: 'goal', payload, schedule: { type: 'once', at: START }, createdVia: 'agent' });
  const reports = await h.scheduler.worker.tick();
  const runs = await h.scheduler.tasks.runs(owner, task.id);
  return { task, reports, run: runs.items[0]! };
}

t.test('a completed run: the goal ran as the re-resolved owner, and the answer is kept (cut to size)', async (t) => {
  const { h, agentRuns, owner } = await setup(t);
  agentRuns.answer = () => ({ status: 'completed', answer: 'The lights are off. ' + 'x'.repeat(2000), result: null, error: null, notice: null });
  const { task, reports, run } = await scheduleAndRun(h, owner, { goal: 'switch off the lights in the lobby' });
  t.same(reports.map((r) => r.outcome), ['succeeded']);
  t.equal(agentRuns.calls.length, 1);
  const { identity, input } = agentRuns.calls[0]!;
  t.match(identity, { userId: 'olivia', role: 'operator', tokenId: owner.tokenId, via: 'service' }, "the owner's identity as the worker resolved it");
  t.same(input, { message: 'switch off the lights in the lobby', correlationId: `scheduler:${task.id}@${START}` }, 'a new session, correlated with the occurrence');
  t.equal(run.state, 'succeeded');
  t.match(run.result, { summary: /^Done: The lights are off\./, data: { status: 'completed', runId: 'run-1', sessionId: 'session-1' } });
  t.equal((run.result?.data?.answer as string).length, 1000);
});

t.test('a run waiting for review succeeds as awaiting_review, naming the run and the calls the reviewer decides', async (t) => {
  const { h, agentRuns, owner } = await setup(t);
  agentRuns.answer = () => ({
    status: 'interrupted', answer: null, error: null, notice: null,
    result: {
      runId: 'run-1', threadId: 's', status: 'interrupted', toolCalls: [], modelCalls: 2, grounding: 'none', groundedOn: [], toolsOffered: true, startedAt: 0, finishedAt: 0,
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      pendingReviews: [{ toolCallId: 'call_7', name: 'dige_control_device', arguments: { deviceId: 'light-lobby' }, kind: 'approval' }],
    },
  });
  const { run } = await scheduleAndRun(h, owner, { goal: 'switch off the lights in the lobby', sessionId: 'evening-routine' });
  t.equal(agentRuns.calls[0]?.input.sessionId, 'evening-routine', "the payload's session is continued");
  t.equal(run.state, 'succeeded');
  t.match(run.result, {
    summary: 'Waiting for review of dige_control_device in agent run run-1',
    data: { status: 'awaiting_review', runId: 'run-1', sessionId: 'evening-routine', pendingReviews: [{ toolCallId: 'call_7', name: 'dige_control_device' }] },
  });
});

t.test('an answer no tool backs fails the occurrence instead of reporting it done', async (t) => {
  const { h, agentRuns, owner } = await setup(t);
  const notice = 'No action was taken and nothing was looked up for this answer';
  agentRuns.answer = () => ({ status: 'completed', answer: 'The lights are off.', result: null, error: null, notice });
  const { run } = await scheduleAndRun(h, owner, { goal: 'switch off the lights in the lobby' });
  t.equal(run.state, 'failed');
  t.match(run.error, { code: 'scheduler_goal_ungrounded', message: `Agent run run-1: ${notice}` });
  t.equal(run.maxAttempts, 1, 'not retried: a second run could act');
});

t.test("a failed run fails the occurrence with the agent's error code, once", async (t) => {
  const { h, agentRuns, owner } = await setup(t);
  agentRuns.answer = () => ({ status: 'failed', answer: null, result: null, error: { code: 'harness_unavailable', message: 'The agent harness cannot be reached.' }, notice: null });
  const { task, run } = await scheduleAndRun(h, owner, { goal: 'water the plants' });
  t.equal(run.state, 'failed');
  t.same(run.error, { code: 'harness_unavailable', message: 'Agent run run-1 failed: The agent harness cannot be reached.' });
  t.equal(run.maxAttempts, 1, 'not retried: the failed run may already have acted');
  t.match(await h.scheduler.tasks.get(owner, task.id), { status: 'completed', failedRunCount: 1 });
});

t.test('refused at creation: a bad payload, and an owner whose role may not run the agent', async (t) => {
  const { h, agentRuns } = await setup(t);
  const create = (owner: Identity, payload: unknown) =>
    h.scheduler.tasks.create(owner, { kind: 'scheduler.goal', title: 'goal', payload, schedule: { type: 'once', at: START }, createdVia: 'api' });
  const owner = h.identities.identity('olivia', 'operator');
  await t.rejects(create(owner, { goal: '' }), { code: 'scheduler_invalid_payload' });
  await t.rejects(create(owner, { goal: 'x'.repeat(2001) }), { code: 'scheduler_invalid_payload' });
  await t.rejects(create(owner, { goal: 'x', extra: true }), { code: 'scheduler_invalid_payload' });
  await t.rejects(create(owner, { goal: 'x', sessionId: 'no spaces' }), { code: 'scheduler_invalid_payload' });
  await t.rejects(create(h.identities.identity('gus', 'guest'), { goal: 'x' }), { code: 'forbidden' });
  t.equal(await h.store.collection('scheduler_tasks').countDocuments({}), 0, 'nothing stored');
  t.equal(agentRuns.calls.length, 0);
});

t.test('an owner whose role lost the permission before the run fails it without running the agent', async (t) => {
  const { h, agentRuns } = await setup(t);
  let allowed = true;
  const shifting: AccessPolicy = { ...access, hasPermission: (role, permission) => allowed && access.hasPermission(role, permission) };
  h.executors.add(createGoalExecutor({ agentRuns, access: shifting }));
  const owner = h.identities.identity('olivia', 'operator');
  const task = await h.scheduler.tasks.create(owner, { kind: 'scheduler.goal', title: 'goal', payload: { goal: 'x' }, schedule: { type: 'once', at: START }, createdVia: 'api' });
  allowed = false;
  await h.scheduler.worker.tick();
  const [run] = (await h.scheduler.tasks.runs(owner, task.id)).items;
  t.match(run, { state: 'failed', error: { code: 'forbidden' } });
  t.equal(agentRuns.calls.length, 0);
});
