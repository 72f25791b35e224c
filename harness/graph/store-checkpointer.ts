// A Checkpointer over the DocumentStore port: a head per run, appended history parts and blobs, with a TTL on all three.
import { randomBytes } from 'node:crypto';
import { isDuplicateKeyError, type DocumentStore, type StoreCollection } from '../../shared/store/port.ts';
import { blobDecoder, createBlobCodec, deserializeWholeState } from './checkpoint-blobs.ts';
import {
  EMPTY_HISTORY,
  HISTORY_KEYS,
  applyListChange,
  headOf,
  historyChange,
  writtenHistory,
  isUnchanged,
  lengthsOf,
  type HistoryChange,
  type HistoryLengths,
  type RunHead,
  type RunHistory,
  type WrittenHistory,
} from './checkpoint-history.ts';
import { CheckpointConflictError, summaryOf, type Checkpointer, type CheckpointSummary } from './checkpointer.ts';
import type { RunState } from './run-state.ts';

/**
 * One document per run, rewritten at every step with a conditional update on `step`: the only write that decides who
 * won, so correctness needs nothing but single-document atomicity (FerretDB has no transactions). Format 1 (no
 * `format` field) kept the whole state in `state`; format 2 keeps the head there and points at the newest part.
 */
interface CheckpointDoc extends CheckpointSummary {
  _id: string;
  /** JSON text: tool outputs carry arbitrary keys, and text keeps them opaque to every store backend. */
  state: string;
  format?: 2;
  /** Format 1: the blobs the state references. */
  blobIds?: string[];
  /** Format 2: the newest part of the committed chain, and the history lengths it adds up to. */
  tip?: string;
  lengths?: HistoryLengths;
  /** Format 2: no part or blob of the chain expires before this. */
  partsExpireAt?: Date;
  expiresAt: Date;
}

/**
 * What one step appended. Parts are only ever inserted, under ids no other writer can take, and each names its parent;
 * readers follow the chain back from the head's tip, so a part whose head update lost (or never happened) is ignored.
 */
interface PartDoc {
  _id: string;
  runId: string;
  threadId: string;
  step: number;
  /** null: the part holds the whole history (a run's first step, or a writer that had no base to append to). */
  prev: string | null;
  /** JSON text of a HistoryChange. */
  change: string;
  writtenAt: Date;
  expiresAt: Date;
}

interface BlobDoc {
  _id: string;
  runId: string;
  threadId: string;
  data: string;
  writtenAt: Date;
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
  collections?: { checkpoints?: string; parts?: string; blobs?: string };
}

export interface StoreCheckpointer extends Checkpointer {
  purgeExpired(): Promise<number>;
}

/** What this process last wrote or read of a run, so its next step appends to it. */
interface Written {
  step: number;
  tip: string;
  saved: WrittenHistory;
  partsExpireAt: number;
  blobIds: Set<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TRACKED_RUNS = 1000;

export function createStoreCheckpointer(options: StoreCheckpointerOptions): StoreCheckpointer {
  const ttlMs = options.ttlMs ?? 7 * DAY_MS;
  const codec = createBlobCodec(options.blobThresholdChars ?? 16_384);
  const purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
  const now = options.now ?? Date.now;
  const checkpoints = options.store.collection<CheckpointDoc>(options.collections?.checkpoints ?? 'agent_checkpoints');
  const parts = options.store.collection<PartDoc>(options.collections?.parts ?? 'agent_checkpoint_parts');
  const blobs = options.store.collection<BlobDoc>(options.collections?.blobs ?? 'agent_checkpoint_blobs');
  // Bounded, and dropped once a run stops or pauses: a resume reads the run again anyway.
  const written = new Map<string, Written>();
  let indexes: Promise<void> | undefined;
  let lastPurge = now();

  const ensureIndexes = () =>
    (indexes ??= (async () => {
      await checkpoints.createIndex({ threadId: 1, startedAt: 1 });
      await parts.createIndex({ runId: 1, step: 1 });
      await parts.createIndex({ threadId: 1 });
      await blobs.createIndex({ runId: 1 });
      await blobs.createIndex({ threadId: 1 });
      // On a server without TTL indexes (FerretDB 1.x) the store creates them without expiry; the purge that saves run
      // every purgeIntervalMs removes expired documents there, and reads never return an expired checkpoint either way.
      for (const collection of [checkpoints, parts, blobs] as const) await collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    })());

  function remember(runId: string, entry: Written | undefined): void {
    written.delete(runId);
    if (!entry) return;
    if (written.size >= MAX_TRACKED_RUNS) written.delete(written.keys().next().value as string);
    written.set(runId, entry);
  }

  async function writeBlobs(state: RunState, data: Map<string, string>, known: Set<string>, expiresAt: Date): Promise<void> {
    const writtenAt = new Date(now());
    for (const [id, text] of data) {
      if (known.has(id)) continue;
      await blobs.updateOne(
        { _id: id },
        { $setOnInsert: { runId: state.runId, threadId: state.threadId, data: text }, $set: { expiresAt, writtenAt } },
        { upsert: true },
      );
      known.add(id);
    }
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
    const expired = await checkpoints.find(cutoff, { projection: { _id: 1, expiresAt: 1 } }).toArray();
    const heads = await checkpoints.deleteMany(cutoff);
    // A run's parts and blobs outlive its head by up to one TTL; once the head is gone they are unreachable. A run
    // that reuses the id later writes after the old head expired, so `writtenAt` keeps its documents apart.
    const orphans = expired.map((head) => ({ runId: head._id, writtenAt: { $lte: head.expiresAt } }));
    const byRun = orphans.length > 0 ? [{ $or: orphans }] : [];
    const [p, b] = await Promise.all([parts.deleteMany({ $or: [cutoff, ...byRun] }), blobs.deleteMany({ $or: [cutoff, ...byRun] })]);
    lastPurge = now();
    return heads.deletedCount + p.deletedCount + b.deletedCount;
  }

  /** Parts and blobs live two TTLs and are refreshed once per TTL, so they outlive their head without a write per step. */
  async function keepPartsAlive(runId: string, base: Written | undefined): Promise<number> {
    const floor = now() + ttlMs;
    if (base && base.partsExpireAt > floor) return base.partsExpireAt;
    const expiresAt = now() + 2 * ttlMs;
    if (base) await Promise.all([parts.updateMany({ runId }, { $set: { expiresAt: new Date(expiresAt) } }), blobs.updateMany({ runId }, { $set: { expiresAt: new Date(expiresAt) } })]);
    return expiresAt;
  }

  async function loadFormat2(doc: CheckpointDoc): Promise<RunState> {
    const [found, blobDocs] = await Promise.all([parts.find({ runId: doc.runId }).toArray(), blobs.find({ runId: doc.runId }).toArray()]);
    const byId = new Map(found.map((part) => [part._id, part]));
    const chain: PartDoc[] = [];
    for (let id: string | null = doc.tip ?? null; id !== null; ) {
      const part = byId.get(id);
      if (!part) throw new Error(`checkpoint part ${id} of run ${doc.runId} is missing`);
      chain.push(part);
      id = part.prev;
    }
    const history = { messages: [], toolCalls: [], modelSteps: [] } as unknown as { [K in keyof RunHistory]: unknown[] };
    for (const part of chain.reverse()) {
      const change = JSON.parse(part.change) as HistoryChange;
      for (const key of HISTORY_KEYS) applyListChange(history[key], change[key]);
    }
    const lengths = lengthsOf(history as unknown as RunHistory);
    if (HISTORY_KEYS.some((key) => lengths[key] !== doc.lengths?.[key])) {
      throw new Error(`the checkpoint parts of run ${doc.runId} do not add up to its step ${doc.step}`);
    }
    const decode = blobDecoder(new Map(blobDocs.map((blob) => [blob._id, blob.data])));
    const head = JSON.parse(doc.state) as RunHead;
    decode.batch(head.batch);
    const state = { ...head, ...(history as unknown as RunHistory) } as RunState;
    state.messages.forEach(decode.message);
    state.toolCalls.forEach(decode.record);
    remember(doc.runId, {
      step: doc.step,
      tip: doc.tip as string,
      saved: writtenHistory(state),
      partsExpireAt: doc.partsExpireAt?.getTime() ?? 0,
      blobIds: new Set(blobDocs.map((blob) => blob._id)),
    });
    return state;
  }

  return {
    async load(runId) {
      await ensureIndexes();
      const doc = await checkpoints.findOne({ _id: runId, expiresAt: { $gt: new Date(now()) } });
      if (!doc) return undefined;
      if (doc.format === 2) return loadFormat2(doc);
      const ids = doc.blobIds ?? [];
      const found = ids.length > 0 ? await blobs.find({ _id: { $in: ids } }).toArray() : [];
      remember(runId, undefined);
      return deserializeWholeState(doc.state, new Map(found.map((blob) => [blob._id, blob.data])));
    },
    async save(state, { parentStep }) {
      await ensureIndexes();
      const known = written.get(state.runId);
      // Appending needs to know what the stored chain holds; without that (another copy wrote it, or it is in format 1)
      // the step writes the whole history once as a new chain.
      const base = parentStep !== null && known?.step === parentStep ? known : undefined;
      const change = historyChange(base?.saved ?? EMPTY_HISTORY, state);
      const encoded = codec.encode(state.runId, headOf(state), change);
      const partsExpireAt = await keepPartsAlive(state.runId, base);
      const blobIds = base?.blobIds ?? new Set<string>();
      await writeBlobs(state, encoded.blobs, blobIds, new Date(partsExpireAt));
      let tip = base?.tip;
      let inserted: string | undefined;
      if (!base || !isUnchanged(change, base.saved)) {
        inserted = `${state.runId}:${state.step}:${randomBytes(6).toString('hex')}`;
        await parts.insertOne({
          _id: inserted,
          runId: state.runId,
          threadId: state.threadId,
          step: state.step,
          prev: base?.tip ?? null,
          change: JSON.stringify(encoded.change),
          writtenAt: new Date(now()),
          expiresAt: new Date(partsExpireAt),
        });
        tip = inserted;
      }
      const fields = {
        ...summaryOf(state),
        state: JSON.stringify(encoded.head),
        format: 2 as const,
        tip: tip as string,
        lengths: lengthsOf(state),
        partsExpireAt: new Date(partsExpireAt),
        expiresAt: new Date(now() + ttlMs),
      };
      try {
        if (parentStep === null) {
          await insertFirst({ _id: state.runId, ...fields });
        } else {
          // Naming the tip too makes sure the chain this step appended to is the one the head still points at.
          const filter = { _id: state.runId, step: parentStep, expiresAt: { $gt: new Date(now()) }, ...(base ? { tip: base.tip } : {}) };
          const result = await checkpoints.updateOne(filter, { $set: fields, $unset: { blobIds: '' } });
          if (result.matchedCount === 0) throw new CheckpointConflictError(state.runId, parentStep);
        }
      } catch (err) {
        if (inserted !== undefined) await parts.deleteOne({ _id: inserted }).catch(() => undefined);
        if (base) remember(state.runId, undefined);
        throw err;
      }
      const open = state.status === 'running';
      remember(state.runId, open ? { step: state.step, tip: tip as string, saved: writtenHistory(state), partsExpireAt, blobIds } : undefined);
      if (now() - lastPurge >= purgeIntervalMs) await purgeExpired();
    },
    async list(threadId) {
      await ensureIndexes();
      const docs = await checkpoints
        .find({ threadId, expiresAt: { $gt: new Date(now()) } }, { projection: { state: 0, blobIds: 0, lengths: 0 } })
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
      await Promise.all([checkpoints.deleteMany({ threadId }), parts.deleteMany({ threadId }), blobs.deleteMany({ threadId })]);
      written.clear();
    },
    purgeExpired,
  };
}
