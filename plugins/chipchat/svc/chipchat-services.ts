// Builds ChipChat's services from their ports and subscribes to settled agent runs, so resumed runs answer in their conversation.
import type { AgentRunService, Logger, TaskService } from 'nexus/kernel';
import type { Profile } from '../../../shared/contracts/profile.ts';
import { reviewerRoles } from '../domain/run-reply.ts';
import { createChatService, type ChatService } from './chat-service.ts';
import { createConversationService, type ConversationService } from './conversation-service.ts';
import { createMessageService, type MessageService } from './message-service.ts';
import { createMessageTail, type MessageTail } from './message-tail.ts';
import { createMessageWriter } from './message-writer.ts';
import type { Clock } from 'nexus/kernel';
import type { ConversationRepository, IdSource, MessageRepository, Waiter } from './ports.ts';
import { createReminderService, type ReminderService } from './reminder-service.ts';

export interface ChipchatDeps {
  readonly conversations: ConversationRepository;
  readonly messages: MessageRepository;
  readonly clock: Clock;
  readonly waiter: Waiter;
  readonly ids: IdSource;
  readonly agentRuns: AgentRunService;
  readonly profile: { current(): Profile };
  readonly tasks: TaskService | undefined;
  readonly logger: Logger;
  readonly maxMessageChars: number;
  readonly notifyPollMs: number;
}

export interface ChipchatServices {
  readonly conversations: ConversationService;
  readonly chat: ChatService;
  readonly messages: MessageService;
  readonly tail: MessageTail;
  readonly reminders: ReminderService;
  readonly maxMessageChars: number;
  /** Stops listening to agent runs (the plugin is unloaded or reloaded). */
  close(): Promise<void>;
}

export function createChipchatServices(deps: ChipchatDeps): ChipchatServices {
  const writer = createMessageWriter({ messages: deps.messages, conversations: deps.conversations, clock: deps.clock });
  const conversations = createConversationService({ conversations: deps.conversations, messages: deps.messages, clock: deps.clock, ids: deps.ids });
  const chat = createChatService({
    conversations, repository: deps.conversations, writer, agentRuns: deps.agentRuns, clock: deps.clock, ids: deps.ids,
    reviewersOf: (tool) => reviewerRoles(deps.profile.current().roles, tool),
    maxMessageChars: deps.maxMessageChars,
  });
  const unsubscribe = deps.agentRuns.onSettled(async (event) => {
    try {
      await chat.settled(event);
    } catch (err) {
      deps.logger.error({ err, runId: event.outcome.runId }, 'could not record a resumed run in its conversation');
    }
  });
  return {
    conversations,
    chat,
    messages: createMessageService({ conversations, messages: deps.messages, writer, ids: deps.ids, maxMessageChars: deps.maxMessageChars }),
    tail: createMessageTail({ messages: deps.messages, waiter: deps.waiter, pollMs: deps.notifyPollMs }),
    reminders: createReminderService(deps.tasks),
    maxMessageChars: deps.maxMessageChars,
    close: async () => unsubscribe(),
  };
}
