// Model steps: one per model call, carried in the checkpoint so a resumed run continues the list, with clipped text.
import t from 'tap';
import { Value } from 'typebox/value';
import { createStoreCheckpointer } from '../../../harness/graph/store-checkpointer.ts';
import { usageOf } from '../../../harness/models/model-adapter.ts';
import { MODEL_STEP_TEXT_LIMIT, RunResultSchema } from '../../../shared/contracts/run-result.ts';
import { createStore } from '../../../shared/store/index.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { request, testRunner } from '../fixtures.ts';
import { createStoreCheckpointer as createFormat1StoreCheckpointer } from './format-1/store-checkpointer.ts';

t.test('a run resumed after review, in a new runner over the store, continues the step list', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-steps-');
  const firstStore = await createStore({ dataDir });
  const first = testRunner({
    script: [{ text: 'Removing it.', toolCalls: [{ name: 'remove_item', arguments: { id: 'item-7' } }], usage: usageOf(30, 4) }],
    checkpointer: createStoreCheckpointer({ store: firstStore }),
  });
  const req = request();
  const paused = await first.runner.invoke(req);
  t.equal(paused.status, 'interrupted');
  t.match(paused.modelSteps, [{ index: 0, kind: 'agent', text: 'Removing it.', toolCalls: [{ id: 'call_1', name: 'remove_item' }], usage: { inputTokens: 30 } }]);
  t.equal(paused.modelSteps?.length, 1);
  await firstStore.close();

  const secondStore = await createStore({ dataDir });
  t.teardown(() => secondStore.close());
  const second = testRunner({
    script: [{ text: 'Removed.', usage: usageOf(45, 2) }],
    checkpointer: createStoreCheckpointer({ store: secondStore }),
  });
  const done = await second.runner.resume(req.runId, [{ toolCallId: 'call_1', type: 'approve' }]);
  t.equal(done.status, 'completed');
  t.same(done.modelSteps?.map((step) => [step.index, step.kind, step.text, step.usage.inputTokens]), [
    [0, 'agent', 'Removing it.', 30],
    [1, 'agent', 'Removed.', 45],
  ]);
  t.equal(done.modelCalls, 2);
  t.ok(done.modelSteps![1]!.startedAt >= done.toolCalls[0]!.finishedAt, 'the step after the review follows the approved call');
  t.ok(Value.Check(RunResultSchema, paused) && Value.Check(RunResultSchema, done), 'both results match the contract');
});

t.test('a long answer is clipped in its step, never in the answer itself', async (t) => {
  const long = `${'a'.repeat(MODEL_STEP_TEXT_LIMIT - 1)}😀 and more`;
  const { runner } = testRunner({ script: [{ text: long }] });
  const result = await runner.invoke(request());
  t.equal(result.answer, long);
  const step = result.modelSteps![0]!;
  t.equal(step.textTruncated, true);
  t.equal(step.text, 'a'.repeat(MODEL_STEP_TEXT_LIMIT - 1), 'clipped before the surrogate pair, not through it');
  t.ok(Value.Check(RunResultSchema, result));
  const short = await testRunner({ script: [{ text: 'short' }] }).runner.invoke(request());
  t.equal(short.modelSteps![0]!.text, 'short');
  t.equal(short.modelSteps![0]!.textTruncated, undefined);
});

t.test('a checkpoint written before steps were recorded resumes with the list starting afresh', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-steps-');
  const store = await createStore({ dataDir });
  t.teardown(() => store.close());
  const script = [{ toolCalls: [{ name: 'remove_item', arguments: { id: 'old' } }] }, { text: 'done' }];
  // Written by the format-1 checkpointer, as code from before both model steps and appended checkpoints did.
  const { runner: before } = testRunner({ script, checkpointer: createFormat1StoreCheckpointer({ store }) });
  const req = request();
  await before.invoke(req);
  const docs = store.collection<{ _id: string; state: string }>('agent_checkpoints');
  const doc = await docs.findOne({ _id: req.runId });
  const { modelSteps: _dropped, ...legacy } = JSON.parse(doc!.state) as Record<string, unknown>;
  await docs.updateOne({ _id: req.runId }, { $set: { state: JSON.stringify(legacy) } });
  const { runner } = testRunner({ script: script.slice(1), checkpointer: createStoreCheckpointer({ store }) });
  const result = await runner.resume(req.runId, [{ toolCallId: 'call_1', type: 'approve' }]);
  t.equal(result.status, 'completed');
  t.match(result.modelSteps, [{ index: 0, kind: 'agent', text: 'done' }]);
});
