// Runs the shared checkpointer suite against the in-memory and the store-backed checkpointers; checks blob storage.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createMemoryCheckpointer } from '../../../harness/graph/memory-checkpointer.ts';
import { initialRunState } from '../../../harness/graph/run-state.ts';
import { createStoreCheckpointer } from '../../../harness/graph/store-checkpointer.ts';
import { createStore } from '../../../shared/store/index.ts';
import { identity } from '../fixtures.ts';
import { checkpointerCases } from './checkpointer-cases.ts';

const TTL = 60_000;

checkpointerCases(t, 'memory', async () => {
  let clock = 1_000;
  return {
    checkpointer: createMemoryCheckpointer({ ttlMs: TTL, now: () => clock }),
    advance: (ms) => {
      clock += ms;
    },
    ttlMs: TTL,
    close: async () => {},
  };
});

async function embedded() {
  const dataDir = await mkdtemp(join(tmpdir(), 'nexus-checkpoints-'));
  const store = await createStore({ dataDir });
  return {
    store,
    close: async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Store clocks start at the real time: the store's own TTL index expires documents by the wall clock.
checkpointerCases(t, 'store (embedded)', async () => {
  const { store, close } = await embedded();
  let clock = Date.now();
  return {
    checkpointer: createStoreCheckpointer({ store, ttlMs: TTL, now: () => clock, blobThresholdChars: 1_000, purgeIntervalMs: 1e12 }),
    advance: (ms) => {
      clock += ms;
    },
    ttlMs: TTL,
    close,
  };
});

t.test('store: large outputs live in agent_checkpoint_blobs, once per content, with the TTL field', async (t) => {
  const { store, close } = await embedded();
  t.teardown(close);
  const clock = Date.now();
  const checkpointer = createStoreCheckpointer({ store, ttlMs: TTL, now: () => clock, blobThresholdChars: 100 });
  const base = initialRunState({ runId: 'r1', threadId: 't1', identity, messages: [{ role: 'user', content: 'hi' }] }, clock);
  const big = 'z'.repeat(500);
  const withBig = {
    ...base,
    step: 1,
    messages: [
      ...base.messages,
      { role: 'assistant' as const, content: '', tool_calls: [{ id: 'c1', name: 'big', arguments: {} }] },
      { role: 'tool' as const, tool_call_id: 'c1', name: 'big', content: big, isError: false },
    ],
  };
  await checkpointer.save(base, { parentStep: null });
  await checkpointer.save(withBig, { parentStep: 0 });
  await checkpointer.save({ ...withBig, step: 2 }, { parentStep: 1 });
  const blobs = await store.collection('agent_checkpoint_blobs').find({ runId: 'r1' }).toArray();
  t.equal(blobs.length, 1, 'the same output is stored once');
  t.equal(blobs[0]?.data, big);
  t.same(blobs[0]?.expiresAt, new Date(clock + TTL));
  const doc = await store.collection('agent_checkpoints').findOne({ _id: 'r1' as never });
  t.notOk(String(doc?.state).includes(big), 'the checkpoint holds a reference, not the output');
  t.same(doc?.expiresAt, new Date(clock + TTL));
  t.equal((await checkpointer.load('r1'))?.messages[2]?.content, big);
});
