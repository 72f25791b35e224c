// What ChipChat's use cases need from outside besides the kernel's clock: waiting, ids, and the two repositories.
import type { ConversationRecord } from '../domain/conversation.ts';
import type { MessageDraft, MessageRecord } from '../domain/message.ts';

/** Pauses a notification stream between looks at the store; tests pass one they tick by hand. */
export interface Waiter {
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

export interface IdSource {
  conversationId(): string;
  messageId(): string;
  sessionId(): string;
}

export interface ConversationQuery {
  readonly archived: boolean;
  /** Only conversations last updated strictly before this instant. */
  readonly before?: Date;
  readonly limit: number;
}

export interface ConversationRepository {
  /** Inserts; for a default conversation that exists already (another process was first) returns that one. */
  insert(doc: ConversationRecord): Promise<ConversationRecord>;
  owned(ownerId: string, id: string): Promise<ConversationRecord | null>;
  bySession(ownerId: string, sessionId: string): Promise<ConversationRecord | null>;
  defaultOf(ownerId: string): Promise<ConversationRecord | null>;
  /** Newest update first. */
  list(ownerId: string, query: ConversationQuery): Promise<ConversationRecord[]>;
  update(ownerId: string, id: string, set: Partial<Pick<ConversationRecord, 'title' | 'autoTitle' | 'archived' | 'updatedAt'>>): Promise<ConversationRecord | null>;
  /** Moves updatedAt and lastMessageAt forward (never back) to a new message's time. */
  touch(ownerId: string, id: string, at: Date): Promise<void>;
  remove(ownerId: string, id: string): Promise<boolean>;
}

export interface MessagePageQuery {
  readonly before?: Date;
  readonly after?: Date;
  readonly limit: number;
}

export interface MessageRepository {
  /**
   * Stores a message with the owner's next sequence number and a time no earlier than `now` and later than the
   * owner's previous message. A draft whose id is stored already is not stored again: `created` is then false.
   */
  append(draft: MessageDraft, now: Date): Promise<{ message: MessageRecord; created: boolean }>;
  /** Up to `limit` messages, oldest first: the latest ones (before `before`), or the earliest after `after`. */
  page(ownerId: string, conversationId: string, query: MessagePageQuery): Promise<MessageRecord[]>;
  /** The owner's messages with a sequence number above `seq`, in order. */
  after(ownerId: string, seq: number, limit: number): Promise<MessageRecord[]>;
  /** The owner's highest sequence number so far (0 before the first message). */
  latestSeq(ownerId: string): Promise<number>;
  /** Deletes a conversation's messages without letting their sequence numbers be handed out again. */
  removeConversation(ownerId: string, conversationId: string): Promise<number>;
}
