// Cancel: a stored flag stops a running run at its next node, a paused run ends at once, and every tool call keeps its ToolMessage.
import t from 'tap';
import { createMemoryCancelRequests } from '../../../harness/graph/cancel-requests.ts';
import { assertToolCallPairing } from '../../../harness/graph/tool-call-pairing.ts';
import { recordingCheckpointer, request, testRunner, toolLog, toolMessages } from '../fixtures.ts';

const by = { userId: 'boss', role: 'admin' };

t.test('a flag raised while the model answers stops the run at the next node: its tool calls never run and each is answered', async (t) => {
  const echoes = toolLog.filter((entry) => entry.name === 'echo').length;
  const cancellations = createMemoryCancelRequests();
  const checkpointer = recordingCheckpointer();
  const req = request();
  const { runner, model } = testRunner({
    checkpointer,
    cancellations,
    script: [
      () => {
        // Raised through any copy while this one is mid-run: the flag is only read at node boundaries.
        void cancellations.request({ runId: req.runId, by, at: 1 });
        return { toolCalls: [{ name: 'echo', arguments: { text: 'a' } }, { name: 'echo', arguments: { text: 'b' } }] };
      },
      { text: 'never reached' },
    ],
  });
  const result = await runner.invoke(req);
  t.equal(result.status, 'failed');
  t.match(result.error, { code: 'cancelled', message: 'the run was cancelled by boss', details: { cancelledBy: by } });
  t.equal(model.requests.length, 1, 'no model call after the flag');
  const final = checkpointer.saved.at(-1)!;
  t.equal(final.status, 'failed');
  assertToolCallPairing(final.messages, { allowOpenTail: false });
  t.equal(toolMessages(final).length, 2, 'each tool_call_id has its ToolMessage');
  t.match(result.toolCalls, [{ status: 'refused' }, { status: 'refused' }]);
  t.equal(toolLog.filter((entry) => entry.name === 'echo').length, echoes, 'no tool ran after the flag');
  t.same(checkpointer.path.slice(-2), ['fail', 'end'], 'the run went to fail at a node boundary');
});

t.test('a flag raised before the run starts stops it before anything is called', async (t) => {
  const cancellations = createMemoryCancelRequests();
  const req = request();
  await cancellations.request({ runId: req.runId, by, at: 1 });
  const { runner, model } = testRunner({ cancellations, script: [{ text: 'hello' }] });
  const result = await runner.invoke(req);
  t.match(result, { status: 'failed', error: { code: 'cancelled' } });
  t.equal(model.requests.length, 0);
});

t.test('a paused run ends as cancelled with its pending call answered as not run; it can be neither resumed nor cancelled again', async (t) => {
  const before = toolLog.filter((entry) => entry.name === 'remove_item').length;
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({ checkpointer, script: [{ toolCalls: [{ name: 'remove_item', arguments: { id: 'item-1' } }] }, { text: 'done' }] });
  const req = request();
  const paused = await runner.invoke(req);
  t.equal(paused.status, 'interrupted');
  const result = await runner.cancelPaused(req.runId, by);
  t.match(result, { status: 'failed', error: { code: 'cancelled', details: { cancelledBy: by } } });
  t.same(result.pendingReviews ?? [], []);
  t.match(result.toolCalls, [{ toolCallId: paused.pendingReviews![0]!.toolCallId, status: 'refused' }]);
  const final = checkpointer.saved.at(-1)!;
  assertToolCallPairing(final.messages, { allowOpenTail: false });
  t.equal(toolMessages(final).length, 1);
  t.equal(toolLog.filter((entry) => entry.name === 'remove_item').length, before, 'the call under review never ran');
  await t.rejects(runner.resume(req.runId, [{ toolCallId: paused.pendingReviews![0]!.toolCallId, type: 'approve' }]), { code: 'resume_refused' });
  await t.rejects(runner.cancelPaused(req.runId, by), { code: 'resume_refused' });
});
