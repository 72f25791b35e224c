// Messages in chipchat_messages, numbered per owner so a stream in any process can follow them by a cursor.
import { isDuplicateKeyError, type DocumentStore, type Filter } from 'nexus/kernel';
import type { MessageRecord } from '../domain/message.ts';
import { errors } from '../errors.ts';
import type { MessageRepository } from '../svc/ports.ts';
import { MESSAGES, SEQUENCE_FLOORS } from './collections.ts';

interface FloorDoc {
  _id: string;
  seq: number;
}

/** Concurrent writers for one owner race for the next number; each loss costs one more round. */
const MAX_ATTEMPTS = 25;

/**
 * A message takes number (highest stored or deleted) + 1, and the unique (owner, seq) index settles races. A writer only
 * takes n + 1 after it saw n stored, so numbers become visible in order: a reader that sees n + 1 has n too, and a
 * cursor never skips a message written later by a slower process (a shared counter could not promise that).
 */
export function createMessageRepository(store: DocumentStore): MessageRepository {
  const messages = store.collection<MessageRecord>(MESSAGES);
  const floors = store.collection<FloorDoc>(SEQUENCE_FLOORS);

  async function top(ownerId: string): Promise<{ seq: number; at: number }> {
    // The messages first, the floor second: a deletion raises the floor before it deletes, so one of the two reads sees it.
    const last = await messages.findOne({ ownerId }, { sort: { seq: -1 }, projection: { seq: 1, createdAt: 1 } });
    const floor = await floors.findOne({ _id: ownerId });
    return { seq: Math.max(last?.seq ?? 0, floor?.seq ?? 0), at: last?.createdAt.getTime() ?? 0 };
  }

  return {
    async append(draft, now) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const last = await top(draft.ownerId);
        const message: MessageRecord = { ...draft, seq: last.seq + 1, createdAt: new Date(Math.max(now.getTime(), last.at + 1)) };
        try {
          await messages.insertOne(message);
          return { message, created: true };
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          const existing = await messages.findOne({ _id: draft._id });
          if (existing !== null) return { message: existing, created: false };
        }
      }
      throw errors.chipchat_sequence_contended({ ownerId: draft.ownerId });
    },
    async page(ownerId, conversationId, query) {
      const filter: Filter<MessageRecord> = { ownerId, conversationId };
      const range: Record<string, Date> = {};
      if (query.after) range.$gt = query.after;
      if (query.before) range.$lt = query.before;
      if (query.after || query.before) filter.createdAt = range;
      if (query.after) return messages.find(filter, { sort: { createdAt: 1 }, limit: query.limit }).toArray();
      return (await messages.find(filter, { sort: { createdAt: -1 }, limit: query.limit }).toArray()).reverse();
    },
    after: (ownerId, seq, limit) => messages.find({ ownerId, seq: { $gt: seq } }, { sort: { seq: 1 }, limit }).toArray(),
    latestSeq: async (ownerId) => (await top(ownerId)).seq,
    async removeConversation(ownerId, conversationId) {
      const last = await messages.findOne({ ownerId }, { sort: { seq: -1 }, projection: { seq: 1 } });
      if (last !== null) await floors.updateOne({ _id: ownerId }, { $max: { seq: last.seq } }, { upsert: true });
      return (await messages.deleteMany({ ownerId, conversationId })).deletedCount;
    },
  };
}
