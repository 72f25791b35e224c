// Runs the shared checkpointer suite against the in-memory and the store-backed checkpointers; checks blob storage.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { createMemoryCheckpointer } from '../../../harness/graph/memory-checkpointer.ts';
import { initialRunState } from '../../../harness/graph/run-state.ts';
import { createStoreCheckpointer } from '../../../harness/graph/store-checkpointer.ts';
import { createStore, type DocumentStore } from '../../../shared/store/index.ts';
import { createMongoStore } from '../../../shared/store/mongodb-store.ts';
import { NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';
import { identity } from '../fixtures.ts';
import { checkpointerCases, type CheckpointerFixture } from './checkpointer-cases.ts';

const TTL = 60_000;

checkpointerCases(t, 'memory', async () => {
  let clock = 1_000;
  const checkpointer = createMemoryCheckpointer({ ttlMs: TTL, now: () => clock });
  return {
    checkpointer,
    advance: (ms) => {
      clock += ms;
    },
    ttlMs: TTL,
    another: () => checkpointer,
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

/** Store clocks start at the real time: the store's own TTL index expires documents by the wall clock. */
function storeFixture(store: DocumentStore, close: () => Promise<void>): CheckpointerFixture {
  let clock = Date.now();
  const open = () => createStoreCheckpointer({ store, ttlMs: TTL, now: () => clock, blobThresholdChars: 1_000, purgeIntervalMs: 1e12 });
  return {
    checkpointer: open(),
    advance: (ms) => {
      clock += ms;
    },
    ttlMs: TTL,
    another: open,
    close,
  };
}

checkpointerCases(t, 'store (embedded)', async () => {
  const { store, close } = await embedded();
  return storeFixture(store, close);
});

const mongo = await startMongoTestServer();
if (mongo === undefined) {
  t.test('store (mongodb): the checkpointer cases', { skip: NO_MONGO_SERVER_REASON }, () => {});
} else {
  t.teardown(() => mongo.stop());
  const runDb = uniqueDbName('nexus_checkpoints');
  let opened = 0;
  checkpointerCases(t, `store (mongodb, ${mongo.kind})`, async () => {
    opened += 1;
    const dbName = `${runDb}_${opened}`;
    const store = await createMongoStore({ uri: mongo.uri, dbName });
    return storeFixture(store, async () => {
      await store.collection('agent_checkpoints').deleteMany({});
      await store.collection('agent_checkpoint_parts').deleteMany({});
      await store.collection('agent_checkpoint_blobs').deleteMany({});
      await store.close();
    });
  });
}

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
  // Blobs, like history parts, outlive their head by a TTL so that a step need not refresh them all.
  t.same(blobs[0]?.expiresAt, new Date(clock + 2 * TTL));
  const doc = await store.collection('agent_checkpoints').findOne({ _id: 'r1' as never });
  t.notOk(String(doc?.state).includes(big), 'the checkpoint holds a reference, not the output');
  t.same(doc?.expiresAt, new Date(clock + TTL));
  t.equal((await checkpointer.load('r1'))?.messages[2]?.content, big);
});

t.test('store: a step appends its new messages and records as one part and never rewrites earlier ones', async (t) => {
  const { store, close } = await embedded();
  t.teardown(close);
  const clock = Date.now();
  const checkpointer = createStoreCheckpointer({ store, ttlMs: TTL, now: () => clock });
  let state = initialRunState({ runId: 'r1', threadId: 't1', identity, messages: [{ role: 'user', content: 'hi' }] }, clock);
  await checkpointer.save(state, { parentStep: null });
  const parts = store.collection<{ _id: string; step: number; change: string; writtenAt: Date }>('agent_checkpoint_parts');
  const heads = store.collection<{ _id: string; state: string }>('agent_checkpoints');
  const firstPart = await parts.findOne({ step: 0 });
  const headSizes: number[] = [];
  for (let n = 1; n <= 40; n += 1) {
    const id = `c${n}`;
    const stepped = {
      ...state,
      step: state.step + 1,
      messages: [
        ...state.messages,
        { role: 'assistant' as const, content: '', tool_calls: [{ id, name: 'noop', arguments: {} }] },
        { role: 'tool' as const, tool_call_id: id, name: 'noop', content: `ok ${n}`, isError: false },
      ],
    };
    await checkpointer.save(stepped, { parentStep: state.step });
    const headOnly = { ...stepped, step: stepped.step + 1, node: 'model' as const };
    await checkpointer.save(headOnly, { parentStep: stepped.step });
    state = headOnly;
    headSizes.push((await heads.findOne({ _id: 'r1' }))!.state.length);
  }
  const all = await parts.find({ runId: 'r1' }).sort({ step: 1 }).toArray();
  t.equal(all.length, 41, 'one part per step that appended; head-only steps add none');
  t.same(await parts.findOne({ _id: firstPart!._id }), firstPart, 'the first part is as it was written');
  const last = JSON.parse(all.at(-1)!.change) as { messages: { from: number; items: unknown[] } };
  t.equal(last.messages.from, 79, 'the last part starts where the history stood');
  t.equal(last.messages.items.length, 2, 'and holds only the two new messages');
  t.ok(headSizes.at(-1)! - headSizes[0]! <= 2, 'the head does not grow with the history (only the step number gets longer)');
  t.equal((await checkpointer.load('r1'))?.messages.length, 81);
});
