// Writes one message into a conversation and moves the conversation's times forward; the one way messages are stored.
import type { ConversationRecord } from '../domain/conversation.ts';
import type { MessageContent, MessageRecord } from '../domain/message.ts';
import type { Clock } from 'nexus/kernel';
import type { ConversationRepository, MessageRepository } from './ports.ts';

export interface MessageWriter {
  /** `created` is false when a message with this id was stored already (a repeated delivery); nothing changes then. */
  write(conversation: ConversationRecord, content: MessageContent): Promise<{ message: MessageRecord; created: boolean }>;
}

export function createMessageWriter(deps: { messages: MessageRepository; conversations: ConversationRepository; clock: Clock }): MessageWriter {
  return {
    async write(conversation, content) {
      const written = await deps.messages.append({ ...content, ownerId: conversation.ownerId, conversationId: conversation._id }, deps.clock.now());
      if (written.created) await deps.conversations.touch(conversation.ownerId, conversation._id, written.message.createdAt);
      return written;
    },
  };
}
