// Upgrade: a run checkpointed by the format-1 code (the whole state as one text) resumes with today's checkpointer.
import t from 'tap';
import { createStoreCheckpointer } from '../../../harness/graph/store-checkpointer.ts';
import { createStore } from '../../../shared/store/index.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { request, testRunner } from '../fixtures.ts';
import { createStoreCheckpointer as createFormat1StoreCheckpointer } from './format-1/store-checkpointer.ts';

t.test('a run paused under format 1, with a blob, resumes after the upgrade and continues in the appended format', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-upgrade-');
  const before = await createStore({ dataDir });
  const script = [
    { toolCalls: [{ name: 'big_output', arguments: { size: 40_000 } }] },
    { toolCalls: [{ name: 'remove_item', arguments: { id: 'item-7' } }] },
    { text: 'finished' },
  ];
  const old = testRunner({ script: script.slice(0, 2), checkpointer: createFormat1StoreCheckpointer({ store: before }) });
  const req = request();
  const paused = await old.runner.invoke(req);
  t.equal(paused.status, 'interrupted');
  const heads = before.collection<{ _id: string; format?: number; state: string; blobIds: string[] }>('agent_checkpoints');
  const written = await heads.findOne({ _id: req.runId });
  t.equal(written?.format, undefined, 'written in format 1');
  t.ok(written!.blobIds.length > 0, 'with its large output in blobs');
  await before.close();

  const after = await createStore({ dataDir });
  t.teardown(() => after.close());
  const checkpointer = createStoreCheckpointer({ store: after });
  const loaded = await checkpointer.load(req.runId);
  t.equal(loaded?.messages.find((m) => m.role === 'tool')?.content, 'x'.repeat(40_000), 'the blob is read back');
  const upgraded = testRunner({ script: script.slice(2), checkpointer });
  const done = await upgraded.runner.resume(req.runId, [{ toolCallId: 'call_2', type: 'approve' }]);
  t.equal(done.status, 'completed');
  t.equal(done.answer, 'finished');
  t.same(done.toolCalls.map((call) => [call.name, call.status]), [['big_output', 'succeeded'], ['remove_item', 'succeeded']]);
  t.same(upgraded.model.requests[0]?.messages.map((m) => m.role), ['user', 'assistant', 'tool', 'assistant', 'tool'], 'the model sees the whole paused history');
  const now = await after.collection<{ _id: string; format?: number; blobIds?: string[] }>('agent_checkpoints').findOne({ _id: req.runId });
  t.equal(now?.format, 2, 'the head is in the appended format from the first step after the upgrade');
  t.equal(now?.blobIds, undefined);
  const reread = await createStoreCheckpointer({ store: after }).load(req.runId);
  t.equal(reread?.status, 'completed');
  t.equal(reread?.messages.length, 6);
  t.equal(reread?.toolCalls[0]?.result?.content[0]?.type, 'text');
  t.same(reread?.toolCalls.map((call) => call.toolCallId), ['call_1', 'call_2']);
});
