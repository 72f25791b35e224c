// Human review: approve, edit (re-validated, noted), reject, respond, request_human_input, replays and restarts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { isAppError } from '../../../shared/errors/app-error.ts';
import { createStoreCheckpointer } from '../../../harness/graph/store-checkpointer.ts';
import { createStore } from '../../../shared/store/index.ts';
import { collect, identity, recordingCheckpointer, request, testRunner, toolLog } from '../fixtures.ts';

const reviewScript = (args: Record<string, unknown> = { id: 'item-7' }) => [
  { toolCalls: [{ name: 'remove_item', arguments: args }] },
  { text: 'finished' },
];

async function paused(script = reviewScript()) {
  const checkpointer = recordingCheckpointer();
  const harness = testRunner({ script, checkpointer });
  const req = request();
  const result = await harness.runner.invoke(req);
  return { ...harness, checkpointer, result, runId: req.runId };
}

function lastToolMessage(model: ReturnType<typeof testRunner>['model']) {
  const messages = model.requests.at(-1)?.messages ?? [];
  return messages.filter((m) => m.role === 'tool').at(-1);
}

t.test('a call marked for review pauses before running, with the exact call checkpointed', async (t) => {
  const before = toolLog.filter((entry) => entry.name === 'remove_item').length;
  const { result, checkpointer } = await paused();
  t.equal(result.status, 'interrupted');
  t.same(result.pendingReviews, [{ toolCallId: 'call_1', name: 'remove_item', arguments: { id: 'item-7' }, kind: 'approval' }]);
  t.equal(toolLog.filter((entry) => entry.name === 'remove_item').length, before, 'nothing ran');
  const saved = checkpointer.saved.at(-1)!;
  t.equal(saved.status, 'interrupted');
  t.equal(saved.node, 'execute_tools');
  t.same(saved.pendingReviews, result.pendingReviews);
  t.equal(checkpointer.path.at(-1), 'execute_tools');
});

t.test('approve runs the call and continues the same checkpoint', async (t) => {
  const { runner, model, runId, checkpointer } = await paused();
  const steps = checkpointer.saved.length;
  const result = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }], {
    reviewer: { userId: 'reviewer-1', role: 'admin', tokenId: 'token-r', sessionId: 's', correlationId: 'c' },
  });
  t.equal(result.status, 'completed');
  t.equal(result.answer, 'finished');
  t.match(result.toolCalls[0], { status: 'succeeded', review: { decision: 'approve', reviewerId: 'reviewer-1' } });
  t.match(lastToolMessage(model), { content: 'removed item-7' });
  t.equal(model.requests.length, 2, 'no re-planning: one more model call after the decision');
  t.equal(checkpointer.saved[steps]?.step, checkpointer.saved[steps - 1]!.step + 1, 'the resume continues the step sequence');
});

t.test('edit re-validates the arguments, runs with them, and tells the model', async (t) => {
  const { runner, model, runId } = await paused();
  await t.rejects(
    runner.resume(runId, [{ toolCallId: 'call_1', type: 'edit', arguments: { id: 42 } }]),
    {
      code: 'invalid_review_decision',
      message: /edited arguments for call_1 are refused: \/id: expected a string, got a number \(42\)/,
      details: { issues: [{ path: '/decisions/0/arguments/id' }] },
    },
  );
  const result = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'edit', arguments: { id: 'item-8' } }]);
  t.equal(result.status, 'completed', 'an invalid edit is refused without consuming the pause');
  t.match(result.toolCalls[0], { status: 'succeeded', arguments: { id: 'item-8' }, requestedArguments: { id: 'item-7' }, review: { decision: 'edit' } });
  const message = lastToolMessage(model);
  t.match(message, { content: /a human reviewer edited the arguments/ });
  t.match(message, { content: /"id":"item-8"[\s\S]*removed item-8/ });
});

t.test('reject answers with a rejection and never runs the call', async (t) => {
  const before = toolLog.length;
  const { runner, model, runId } = await paused();
  const result = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'reject', reason: 'wrong item' }]);
  t.equal(result.status, 'completed');
  t.match(result.toolCalls[0], { status: 'rejected', refusal: { code: 'rejected_by_reviewer' }, review: { decision: 'reject', reason: 'wrong item' } });
  t.match(lastToolMessage(model), { isError: true, content: /rejected_by_reviewer[\s\S]*wrong item/ });
  t.equal(toolLog.length, before);
});

t.test('respond returns the human text as the call\'s ToolMessage', async (t) => {
  const { runner, model, runId } = await paused();
  const result = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'respond', message: 'Ask me again tomorrow.' }]);
  t.match(result.toolCalls[0], { status: 'answered', review: { decision: 'respond', message: 'Ask me again tomorrow.' } });
  t.match(lastToolMessage(model), { isError: false, content: /Ask me again tomorrow\./ });
});

t.test('request_human_input pauses; the respond answer becomes the ToolMessage verbatim', async (t) => {
  const { runner, model, result, runId } = await paused([
    { toolCalls: [{ name: 'request_human_input', arguments: { question: 'Which colour?' } }] },
    { text: 'Blue it is.' },
  ]);
  t.equal(result.status, 'interrupted');
  t.match(result.pendingReviews, [{ kind: 'human_input', question: 'Which colour?', name: 'request_human_input' }]);
  await t.rejects(runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }]), { code: 'invalid_review_decision' });
  const done = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'respond', message: 'Blue' }]);
  t.equal(done.answer, 'Blue it is.');
  t.match(lastToolMessage(model), { content: 'Blue', isError: false });
});

t.test('parallel calls are decided one by one; missing or unknown decisions are refused', async (t) => {
  const { runner, model, result, runId } = await paused([
    {
      toolCalls: [
        { name: 'remove_item', arguments: { id: 'a' } },
        { name: 'echo', arguments: { text: 'no review needed' } },
        { name: 'remove_item', arguments: { id: 'b' } },
      ],
    },
    { text: 'ok' },
  ]);
  t.same(result.pendingReviews?.map((review) => review.toolCallId), ['call_1', 'call_3']);
  await t.rejects(runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }]), {
    code: 'invalid_review_decision',
    message: /no decision for pending call call_3/,
  });
  await t.rejects(
    runner.resume(runId, [
      { toolCallId: 'call_1', type: 'approve' },
      { toolCallId: 'call_3', type: 'approve' },
      { toolCallId: 'call_9', type: 'approve' },
    ]),
    { message: /call_9 is not a pending call/ },
  );
  const done = await runner.resume(runId, [
    { toolCallId: 'call_3', type: 'reject', reason: 'keep b' },
    { toolCallId: 'call_1', type: 'approve' },
  ]);
  t.same(done.toolCalls.map((record) => [record.toolCallId, record.status]), [
    ['call_1', 'succeeded'],
    ['call_2', 'succeeded'],
    ['call_3', 'rejected'],
  ]);
  const tools = model.requests.at(-1)!.messages.filter((m) => m.role === 'tool');
  t.same(tools.map((m) => m.role === 'tool' && m.tool_call_id), ['call_1', 'call_2', 'call_3'], 'answers stay in call order');
});

t.test('resume with the user\'s current identity: the same user only, and calls their role lost are refused, not run', async (t) => {
  const { runner, runId } = await paused();
  await t.rejects(runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }], { identity: { ...identity, userId: 'someone-else' } }), {
    code: 'identity_mismatch',
  });
  const before = toolLog.filter((entry) => entry.name === 'remove_item').length;
  const result = await runner.resume(runId, [{ toolCallId: 'call_1', type: 'edit', arguments: { id: 'item-9' } }], { identity: { ...identity, role: 'guest' } });
  t.match(result.toolCalls[0], { status: 'refused', refusal: { code: 'permission_denied' }, review: { decision: 'edit' }, arguments: { id: 'item-9' } });
  t.equal(toolLog.filter((entry) => entry.name === 'remove_item').length, before, 'the approved call did not run');
  t.equal(result.status, 'completed', 'the run goes on with the refusal as the call\'s answer');
});

t.test('a decision is applied once: replaying the same resume is refused', async (t) => {
  const { runner, runId } = await paused();
  await runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }]);
  const replay = runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }]);
  await t.rejects(replay, { code: 'resume_refused', message: /completed, not waiting for review/ });
  await t.rejects(runner.resume('no-such-run', [{ toolCallId: 'x', type: 'approve' }]), { code: 'run_not_found' });
});

t.test('two resumes racing on one checkpoint: exactly one is applied', async (t) => {
  const { runner, runId } = await paused();
  const outcomes = await Promise.allSettled([
    runner.resume(runId, [{ toolCallId: 'call_1', type: 'approve' }]),
    runner.resume(runId, [{ toolCallId: 'call_1', type: 'reject', reason: 'no' }]),
  ]);
  t.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
  const refused = outcomes.find((o) => o.status === 'rejected');
  t.ok(refused && isAppError(refused.reason, 'resume_refused'));
});

t.test('restart then resume: a new runner over the store checkpointer continues the run', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'nexus-resume-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const firstStore = await createStore({ dataDir });
  const first = testRunner({ script: reviewScript(), checkpointer: createStoreCheckpointer({ store: firstStore }) });
  const req = request();
  const pausedResult = await first.runner.invoke(req);
  t.equal(pausedResult.status, 'interrupted');
  await firstStore.close();

  const secondStore = await createStore({ dataDir });
  t.teardown(() => secondStore.close());
  const second = testRunner({ script: [{ text: 'finished after restart' }], checkpointer: createStoreCheckpointer({ store: secondStore }) });
  const events = await collect(second.runner.resumeStream(req.runId, [{ toolCallId: 'call_1', type: 'approve' }]));
  t.match(events[0], { type: 'run_started', resumed: true });
  const finished = events.at(-1);
  t.match(finished, { type: 'run_finished', result: { status: 'completed', answer: 'finished after restart' } });
  t.same(second.model.requests[0]?.messages.map((m) => m.role), ['user', 'assistant', 'tool'], 'the new process sees the paused history');
  await t.rejects(second.runner.resume(req.runId, [{ toolCallId: 'call_1', type: 'approve' }]), { code: 'resume_refused' });
});
