// Conversations in chipchat_conversations, always looked up with their owner so nobody reaches another user's.
import { isDuplicateKeyError, type DocumentStore, type Filter } from 'nexus/kernel';
import type { ConversationRecord } from '../domain/conversation.ts';
import type { ConversationRepository } from '../svc/ports.ts';
import { CONVERSATIONS } from './collections.ts';

export function createConversationRepository(store: DocumentStore): ConversationRepository {
  const conversations = store.collection<ConversationRecord>(CONVERSATIONS);
  return {
    async insert(doc) {
      try {
        await conversations.insertOne(doc);
        return doc;
      } catch (err) {
        if (!isDuplicateKeyError(err) || !doc.isDefault) throw err;
        const existing = await conversations.findOne({ slot: doc.slot });
        if (existing === null) throw err;
        return existing;
      }
    },
    owned: (ownerId, id) => conversations.findOne({ _id: id, ownerId }),
    bySession: (ownerId, sessionId) => conversations.findOne({ ownerId, sessionId }),
    defaultOf: (ownerId) => conversations.findOne({ ownerId, isDefault: true }),
    list(ownerId, query) {
      const filter: Filter<ConversationRecord> = { ownerId, archived: query.archived };
      if (query.before) filter.updatedAt = { $lt: query.before };
      return conversations.find(filter, { sort: { updatedAt: -1, _id: -1 }, limit: query.limit }).toArray();
    },
    update: (ownerId, id, set) => conversations.findOneAndUpdate({ _id: id, ownerId }, { $set: set }, { returnDocument: 'after' }),
    async touch(ownerId, id, at) {
      await conversations.updateOne({ _id: id, ownerId }, { $max: { updatedAt: at, lastMessageAt: at } });
    },
    async remove(ownerId, id) {
      return (await conversations.deleteOne({ _id: id, ownerId })).deletedCount === 1;
    },
  };
}
