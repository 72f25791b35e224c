// FIXTURE: the store checkpointer as it was before checkpoints appended (format 1, the whole state in one text), kept verbatim to write checkpoints exactly as deployed code did.
import { isDuplicateKeyError, type DocumentStore } from '../../../../shared/store/port.ts';
import { createBlobCodec } from './checkpoint-blobs.ts';
import { CheckpointConflictError, summaryOf, type Checkpointer, type CheckpointSummary } from '../../../../harness/graph/checkpointer.ts';
import type { RunState } from '../../../../harness/graph/run-state.ts';

/** `state` is JSON text: tool outputs carry arbitrary keys, and text keeps them opaque to every store backend. */
interface CheckpointDoc extends CheckpointSummary {
  _id: string;
  state: string;
  blobIds: string[];
  expiresAt: Date;
}

interface BlobDoc {
  _id: string;
  runId: string;
  threadId: string;
  data: string;
  expiresAt: Date;
}

export interface StoreCheckpointerOptions {
  store: DocumentStore;
  ttlMs?: number;
  /** Tool outputs longer than this (in characters) are stored as blobs beside the checkpoint. */
  blobThresholdChars?: number;
  /** Expired documents are deleted at most this often, during saves (MongoDB's TTL index also removes them). */
  purgeIntervalMs?: number;
  now?: () => number;
  collections?: { checkpoints?: string; blobs?: string };
}

export interface StoreCheckpointer extends Checkpointer {
  purgeExpired(): Promise<number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TRACKED_RUNS = 1000;

export function createStoreCheckpointer(options: StoreCheckpointerOptions): StoreCheckpointer {
  const ttlMs = options.ttlMs ?? 7 * DAY_MS;
  const codec = createBlobCodec(options.blobThresholdChars ?? 16_384);
  const purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  const checkpoints = options.store.collection<CheckpointDoc>(options.collections?.checkpoints ?? 'agent_checkpoints');
  const blobs = options.store.collection<BlobDoc>(options.collections?.blobs ?? 'agent_checkpoint_blobs');
  // Blobs this process already wrote, per run, so a save rewrites only new outputs; bounded so it cannot grow forever.
  const written = new Map<string, Set<string>>();
  let indexes: Promise<void> | undefined;
  let lastPurge = now();

  const ensureIndexes = () =>
    (indexes ??= (async () => {
      await checkpoints.createIndex({ threadId: 1, startedAt: 1 });
      await checkpoints.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await blobs.createIndex({ runId: 1 });
      await blobs.createIndex({ threadId: 1 });
      await blobs.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    })());

  function writtenFor(runId: string): Set<string> {
    let ids = written.get(runId);
    if (!ids) {
      if (written.size >= MAX_TRACKED_RUNS) written.delete(written.keys().next().value as string);
      ids = new Set();
      written.set(runId, ids);
    }
    return ids;
  }

  async function writeBlobs(state: RunState, data: Map<string, string>, expiresAt: Date): Promise<void> {
    if (data.size === 0) return;
    const known = writtenFor(state.runId);
    for (const [id, text] of data) {
      if (known.has(id)) continue;
      await blobs.updateOne(
        { _id: id },
        { $setOnInsert: { runId: state.runId, threadId: state.threadId, data: text }, $set: { expiresAt } },
        { upsert: true },
      );
      known.add(id);
    }
    // Older blobs of the run must live as long as the checkpoint that still references them.
    await blobs.updateMany({ runId: state.runId }, { $set: { expiresAt } });
  }

  async function insertFirst(doc: CheckpointDoc): Promise<void> {
    try {
      await checkpoints.insertOne(doc);
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // An expired checkpoint not yet purged does not own the run id any more.
      const stale = await checkpoints.deleteOne({ _id: doc._id, expiresAt: { $lte: new Date(now()) } });
      if (stale.deletedCount === 0) throw new CheckpointConflictError(doc.runId, null);
      await checkpoints.insertOne(doc);
    }
  }

  async function purgeExpired(): Promise<number> {
    const cutoff = { expiresAt: { $lte: new Date(now()) } };
    const [a, b] = await Promise.all([checkpoints.deleteMany(cutoff), blobs.deleteMany(cutoff)]);
    lastPurge = now();
    return a.deletedCount + b.deletedCount;
  }

  return {
    async load(runId) {
      await ensureIndexes();
      const doc = await checkpoints.findOne({ _id: runId, expiresAt: { $gt: new Date(now()) } });
      if (!doc) return undefined;
      const found = doc.blobIds.length > 0 ? await blobs.find({ _id: { $in: doc.blobIds } }).toArray() : [];
      return codec.deserialize(doc.state, new Map(found.map((blob) => [blob._id, blob.data])));
    },
    async save(state, { parentStep }) {
      await ensureIndexes();
      if (parentStep === null) written.delete(state.runId);
      const { json, blobs: data } = codec.serialize(state);
      const expiresAt = new Date(now() + ttlMs);
      await writeBlobs(state, data, expiresAt);
      const fields = {
        ...summaryOf(state),
        state: json,
        blobIds: [...data.keys()],
        expiresAt,
      };
      if (parentStep === null) {
        await insertFirst({ _id: state.runId, ...fields });
      } else {
        const result = await checkpoints.updateOne(
          { _id: state.runId, step: parentStep, expiresAt: { $gt: new Date(now()) } },
          { $set: fields },
        );
        if (result.matchedCount === 0) throw new CheckpointConflictError(state.runId, parentStep);
      }
      if (now() - lastPurge >= purgeIntervalMs) await purgeExpired();
    },
    async list(threadId) {
      await ensureIndexes();
      const docs = await checkpoints
        .find({ threadId, expiresAt: { $gt: new Date(now()) } }, { projection: { state: 0, blobIds: 0 } })
        .sort({ startedAt: 1 })
        .toArray();
      return docs.map(({ runId, threadId: thread, step, status, node, startedAt, updatedAt }) => ({
        runId,
        threadId: thread,
        step,
        status,
        node,
        startedAt,
        updatedAt,
      }));
    },
    async deleteThread(threadId) {
      await Promise.all([checkpoints.deleteMany({ threadId }), blobs.deleteMany({ threadId })]);
      written.clear();
    },
    purgeExpired,
  };
}
