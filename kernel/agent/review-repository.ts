// Pending human reviews (agent_review_requests): one record per paused batch of a run, claimed once when it is decided.
import { createHash } from 'node:crypto';
import type { PendingReview } from '../../shared/contracts/review-decision.ts';
import { isDuplicateKeyError, type DocumentStore } from '../../shared/store/port.ts';

export const REVIEW_REQUESTS_COLLECTION = 'agent_review_requests';
/** One document per claimed batch: its unique _id makes the claim atomic on every backend, FerretDB included. */
export const REVIEW_CLAIMS_COLLECTION = 'agent_review_claims';

export interface Requester {
  readonly userId: string;
  readonly role: string;
  readonly tokenId: string;
  readonly sessionId: string;
  readonly correlationId: string;
}

export interface ReviewItem extends PendingReview {
  readonly argumentsHash: string;
}

export interface ReviewRequestDoc {
  _id: string;
  runId: string;
  input: string;
  /** When the run first started, so its audit record keeps its real start across pauses. */
  runStartedAt: Date;
  requester: Requester;
  items: ReviewItem[];
  status: 'pending' | 'deciding' | 'decided' | 'expired' | 'cancelled';
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
}

/** SHA-256 of the arguments with object keys sorted, so the same arguments always hash the same. */
export function hashArguments(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(value) ?? null)).digest('hex');
}

export interface ReviewRepository {
  open(doc: Omit<ReviewRequestDoc, 'status' | 'decidedAt' | 'decidedBy' | 'items'> & { items: readonly PendingReview[] }): Promise<ReviewRequestDoc>;
  pendingFor(runId: string): Promise<ReviewRequestDoc | null>;
  /** The run's most recent batch, whatever its status. */
  latestFor(runId: string): Promise<ReviewRequestDoc | null>;
  list(filter: { status?: ReviewRequestDoc['status']; limit: number; offset: number }): Promise<ReviewRequestDoc[]>;
  dueForExpiry(now: Date): Promise<ReviewRequestDoc[]>;
  /** Atomically moves a pending batch to `to`; null when someone else got there first. */
  claim(id: string, to: 'deciding' | 'expired' | 'cancelled', by: string, at: Date): Promise<ReviewRequestDoc | null>;
  finish(id: string): Promise<void>;
  /** Gives a claimed batch back when the run could not go on (the harness was not reached, the store failed), so it can be decided again. */
  release(id: string): Promise<void>;
}

interface ClaimDoc {
  _id: string;
  by: string;
  at: Date;
}

export async function createReviewRepository(store: DocumentStore): Promise<ReviewRepository> {
  const reviews = store.collection<ReviewRequestDoc>(REVIEW_REQUESTS_COLLECTION);
  const claims = store.collection<ClaimDoc>(REVIEW_CLAIMS_COLLECTION);
  await reviews.createIndex({ runId: 1, status: 1 });
  await reviews.createIndex({ status: 1, expiresAt: 1 });
  return {
    async open(doc) {
      const full: ReviewRequestDoc = {
        ...doc,
        items: doc.items.map((item) => ({ ...item, argumentsHash: hashArguments(item.arguments) })),
        status: 'pending',
        decidedAt: null,
        decidedBy: null,
      };
      await reviews.insertOne(full);
      return full;
    },
    pendingFor: (runId) => reviews.findOne({ runId, status: 'pending' }),
    latestFor: (runId) => reviews.findOne({ runId }, { sort: { createdAt: -1 } }),
    list: ({ status, limit, offset }) =>
      reviews.find(status ? { status } : {}, { sort: { createdAt: -1, _id: 1 }, skip: offset, limit }).toArray(),
    dueForExpiry: (now) => reviews.find({ status: 'pending', expiresAt: { $lte: now } }, { limit: 100 }).toArray(),
    async claim(id, to, by, at) {
      try {
        await claims.insertOne({ _id: id, by, at });
      } catch (err) {
        if (isDuplicateKeyError(err)) return null;
        throw err;
      }
      const claimed = await reviews.findOneAndUpdate({ _id: id, status: 'pending' }, { $set: { status: to, decidedBy: by, decidedAt: at } }, { returnDocument: 'after' });
      if (claimed === null) await claims.deleteOne({ _id: id });
      return claimed;
    },
    async finish(id) {
      await reviews.updateOne({ _id: id, status: 'deciding' }, { $set: { status: 'decided' } });
    },
    async release(id) {
      await reviews.updateOne({ _id: id, status: { $in: ['deciding', 'cancelled'] } }, { $set: { status: 'pending', decidedBy: null, decidedAt: null } });
      await claims.deleteOne({ _id: id });
    },
  };
}
