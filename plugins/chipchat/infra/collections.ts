// The plugin's collections and their indexes, declared in the manifest so the kernel creates them at load.
import type { CollectionSpec } from 'nexus/kernel';

export const CONVERSATIONS = 'chipchat_conversations';
export const MESSAGES = 'chipchat_messages';
/** Per owner, the highest sequence number of deleted messages, so a number is never handed out twice. */
export const SEQUENCE_FLOORS = 'chipchat_sequence_floors';

export const CHIPCHAT_COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: CONVERSATIONS,
    indexes: [{ key: { slot: 1 }, unique: true, name: 'slot_unique' }, { key: { ownerId: 1, updatedAt: -1 } }, { key: { ownerId: 1, sessionId: 1 } }],
  },
  {
    name: MESSAGES,
    indexes: [{ key: { ownerId: 1, seq: 1 }, unique: true, name: 'owner_seq_unique' }, { key: { conversationId: 1, createdAt: 1 } }],
  },
  { name: SEQUENCE_FLOORS },
];
