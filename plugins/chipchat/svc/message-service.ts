// Reading a conversation's messages by time, and notices posted into one by an agent or delivered by a scheduled task.
import { DEFAULT_PAGE_LIMIT, type Identity } from 'nexus/kernel';
import type { ConversationRecord } from '../domain/conversation.ts';
import { content, type MessageRecord } from '../domain/message.ts';
import { errors } from '../errors.ts';
import type { ConversationService } from './conversation-service.ts';
import type { MessageWriter } from './message-writer.ts';
import type { IdSource, MessageRepository } from './ports.ts';
import { assertText } from './text-check.ts';
import { toConversationView, toMessageView, type ConversationView, type MessageView } from './views.ts';

export interface MessageListInput {
  readonly before?: string;
  readonly after?: string;
  readonly limit?: number;
}

export interface Delivered {
  readonly conversation: ConversationView;
  readonly message: MessageView;
}

export interface MessageService {
  /** Without a conversation id, the default conversation's messages: none while it does not exist yet. */
  list(identity: Identity, conversationId: string | undefined, input: MessageListInput): Promise<{ conversation: ConversationView | null; items: MessageView[]; hasMore: boolean }>;
  /** An agent's notice into one of the caller's own conversations, or their default one. */
  post(identity: Identity, input: { text: string; conversationId?: string }): Promise<Delivered>;
  /** What a scheduled delivery will need, checked when it is scheduled. */
  check(identity: Identity, input: { text: string; conversationId?: string }): Promise<void>;
  /**
   * A scheduled notice, stored once per occurrence (`key`) however often the attempt is repeated. A named
   * conversation deleted since lands the notice in the default one rather than losing it.
   */
  deliver(identity: Identity, input: { text: string; conversationId?: string; key: string; scheduledFor: Date }): Promise<Delivered & { redirected: boolean; repeated: boolean }>;
}

export interface MessageServiceDeps {
  readonly conversations: ConversationService;
  readonly messages: MessageRepository;
  readonly writer: MessageWriter;
  readonly ids: IdSource;
  readonly maxMessageChars: number;
}

/** The conversation as it is once the message is in it (the record was read before). */
const withMessage = (conversation: ConversationRecord, message: MessageRecord) =>
  toConversationView({
    ...conversation,
    updatedAt: conversation.updatedAt > message.createdAt ? conversation.updatedAt : message.createdAt,
    lastMessageAt: conversation.lastMessageAt !== null && conversation.lastMessageAt > message.createdAt ? conversation.lastMessageAt : message.createdAt,
  });

export function createMessageService(deps: MessageServiceDeps): MessageService {
  const { conversations } = deps;

  async function deliveryTarget(ownerId: string, conversationId: string | undefined): Promise<{ conversation: ConversationRecord; redirected: boolean }> {
    try {
      return { conversation: await conversations.target(ownerId, conversationId), redirected: false };
    } catch (err) {
      if ((err as { code?: string }).code !== errors.chipchat_conversation_not_found.code) throw err;
      return { conversation: await conversations.target(ownerId, undefined), redirected: true };
    }
  }

  return {
    async list(identity, conversationId, input) {
      const conversation = await conversations.find(identity.userId, conversationId);
      if (conversation === null) return { conversation: null, items: [], hasMore: false };
      const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
      const found = await deps.messages.page(identity.userId, conversation._id, {
        limit: limit + 1,
        ...(input.before ? { before: new Date(input.before) } : {}),
        ...(input.after ? { after: new Date(input.after) } : {}),
      });
      const hasMore = found.length > limit;
      // Oldest first either way: forward pages drop the surplus at the end, backward pages at the start.
      const items = !hasMore ? found : input.after ? found.slice(0, limit) : found.slice(1);
      return { conversation: toConversationView(conversation), items: items.map(toMessageView), hasMore };
    },

    async post(identity, input) {
      assertText(input.text, deps.maxMessageChars);
      const conversation = await conversations.target(identity.userId, input.conversationId);
      const { message } = await deps.writer.write(conversation, content({ _id: deps.ids.messageId(), role: 'notice', origin: 'agent', text: input.text }));
      return { conversation: withMessage(conversation, message), message: toMessageView(message) };
    },

    async check(identity, input) {
      assertText(input.text, deps.maxMessageChars);
      if (input.conversationId !== undefined) await conversations.owned(identity.userId, input.conversationId);
    },

    async deliver(identity, input) {
      assertText(input.text, deps.maxMessageChars);
      const { conversation, redirected } = await deliveryTarget(identity.userId, input.conversationId);
      const { message, created } = await deps.writer.write(conversation, content({ _id: input.key, role: 'notice', origin: 'schedule', text: input.text, scheduledFor: input.scheduledFor }));
      return { conversation: withMessage(conversation, message), message: toMessageView(message), redirected, repeated: !created };
    },
  };
}
