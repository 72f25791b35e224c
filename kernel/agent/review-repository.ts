// Pending human reviews (agent_review_requests): one record per paused batch of a run, claimed once when it is decided.
import { createHash } from 'node:crypto';
import type { PendingReview } from '../../shared/contracts/review-decision.ts';
import { matchesAny } from '../../shared/contracts/profile.ts';
import { isDuplicateKeyError, type DocumentStore, type Filter } from '../../shared/store/port.ts';

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

export interface ReviewListFilter {
  readonly status?: ReviewRequestDoc['status'];
  /** The reviewer role's `reviews` patterns: only batches whose every call they cover are listed. */
  readonly reviewable: readonly string[] | undefined;
  /** A pending batch past its expiry is no longer offered: the expiry step resumes it as rejected. */
  readonly now: Date;
  readonly limit: number;
  readonly offset: number;
}

export interface ReviewRepository {
  open(doc: Omit<ReviewRequestDoc, 'status' | 'decidedAt' | 'decidedBy' | 'items'> & { items: readonly PendingReview[] }): Promise<ReviewRequestDoc>;
  pendingFor(runId: string): Promise<ReviewRequestDoc | null>;
  /** The run's most recent batch, whatever its status. */
  latestFor(runId: string): Promise<ReviewRequestDoc | null>;
  /** Newest first; `offset` and `limit` count batches the role may decide, so a page is full whenever enough exist. */
  list(filter: ReviewListFilter): Promise<ReviewRequestDoc[]>;
  dueForExpiry(now: Date): Promise<ReviewRequestDoc[]>;
  /**
   * Atomically moves a pending batch to `to` and runs `work` on it; when `work` fails the batch is given back
   * (`release`), so it can be decided again and is never left in `deciding`. Null when someone else claimed it first.
   */
  underClaim<T>(id: string, to: 'deciding' | 'expired' | 'cancelled', by: string, at: Date, work: (claimed: ReviewRequestDoc) => Promise<T>): Promise<T | null>;
  finish(id: string): Promise<void>;
  /** Gives a claimed batch back when the run could not go on (the harness was not reached, the store failed), so it can be decided again. */
  release(id: string): Promise<void>;
}

interface ClaimDoc {
  _id: string;
  by: string;
  at: Date;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The store's part of the role filter: batches with at least one call the patterns cover, which is exact for a batch
 * of one call. "Every call covered" needs `$elemMatch` under `$not`, which FerretDB 1.x does not evaluate, so a batch
 * of several calls is checked again in memory (matchesAny, the rule the decision itself applies).
 */
function coveredByFilter(patterns: readonly string[]): Filter<ReviewRequestDoc> {
  const names = patterns.map((p) => (p.endsWith('*') ? new RegExp(`^${escapeRegExp(p.slice(0, -1))}`) : p));
  return { 'items.name': { $in: names } } as Filter<ReviewRequestDoc>;
}

const LIST_SORT = { createdAt: -1, _id: 1 } as const;

export async function createReviewRepository(store: DocumentStore): Promise<ReviewRepository> {
  const reviews = store.collection<ReviewRequestDoc>(REVIEW_REQUESTS_COLLECTION);
  const claims = store.collection<ClaimDoc>(REVIEW_CLAIMS_COLLECTION);
  await reviews.createIndex({ runId: 1, status: 1 });
  await reviews.createIndex({ status: 1, expiresAt: 1 });
  await reviews.createIndex({ status: 1, createdAt: -1 });

  async function claim(id: string, to: ReviewRequestDoc['status'], by: string, at: Date): Promise<ReviewRequestDoc | null> {
    try {
      await claims.insertOne({ _id: id, by, at });
    } catch (err) {
      if (isDuplicateKeyError(err)) return null;
      throw err;
    }
    let claimed: ReviewRequestDoc | null;
    try {
      claimed = await reviews.findOneAndUpdate({ _id: id, status: 'pending' }, { $set: { status: to, decidedBy: by, decidedAt: at } }, { returnDocument: 'after' });
    } catch (err) {
      await claims.deleteOne({ _id: id }).catch(() => undefined);
      throw err;
    }
    if (claimed === null) await claims.deleteOne({ _id: id });
    return claimed;
  }

  async function release(id: string): Promise<void> {
    await reviews.updateOne({ _id: id, status: { $in: ['deciding', 'cancelled'] } }, { $set: { status: 'pending', decidedBy: null, decidedAt: null } });
    await claims.deleteOne({ _id: id });
  }

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
    async list({ status, reviewable, now, limit, offset }) {
      if (!reviewable?.length) return [];
      const query: Filter<ReviewRequestDoc> = {
        ...(status ? { status } : {}),
        ...(status === 'pending' ? { expiresAt: { $gt: now } } : {}),
        ...(reviewable.includes('*') ? {} : coveredByFilter(reviewable)),
      };
      if (reviewable.includes('*')) return reviews.find(query, { sort: LIST_SORT, skip: offset, limit }).toArray();
      const page: ReviewRequestDoc[] = [];
      let skipped = 0;
      // Read on past batches the store could not rule out, until the page is full or nothing is left.
      for (let from = 0, chunk = offset + limit; page.length < limit; from += chunk, chunk = limit) {
        const docs = await reviews.find(query, { sort: LIST_SORT, skip: from, limit: chunk }).toArray();
        for (const doc of docs) {
          if (!doc.items.every((item) => matchesAny(reviewable, item.name))) continue;
          if (skipped < offset) skipped++;
          else if (page.push(doc) === limit) break;
        }
        if (docs.length < chunk) break;
      }
      return page;
    },
    dueForExpiry: (now) => reviews.find({ status: 'pending', expiresAt: { $lte: now } }, { limit: 100 }).toArray(),
    async underClaim(id, to, by, at, work) {
      const claimed = await claim(id, to, by, at);
      if (claimed === null) return null;
      try {
        return await work(claimed);
      } catch (err) {
        await release(id).catch(() => undefined);
        throw err;
      }
    },
    async finish(id) {
      await reviews.updateOne({ _id: id, status: 'deciding' }, { $set: { status: 'decided' } });
    },
    release,
  };
}
