// A user's turn in a conversation: store the message, run the agent in the conversation's session, store what came back.
import { groundingNotice, isAppError, type AgentRunService, type AgentRunSettled, type Identity } from 'nexus/kernel';
import type { RunResult } from '../../../shared/contracts/run-result.ts';
import { titleFromMessage, type ConversationRecord } from '../domain/conversation.ts';
import { content, type MessageOrigin, type MessageRecord } from '../domain/message.ts';
import { replyFor, type RunFacts } from '../domain/run-reply.ts';
import { errors } from '../errors.ts';
import type { ConversationService } from './conversation-service.ts';
import type { MessageWriter } from './message-writer.ts';
import type { Clock } from 'nexus/kernel';
import type { ConversationRepository, IdSource } from './ports.ts';
import { assertText } from './text-check.ts';
import { toMessageView, type MessageView } from './views.ts';

/** What a streamed turn emits: the run's id, text as it is written, tools as they are called, then the stored reply. */
export type ChatEvent =
  | { readonly type: 'run'; readonly runId: string; readonly sessionId: string }
  | { readonly type: 'delta'; readonly runId: string; readonly delta: string }
  | { readonly type: 'tool'; readonly runId: string; readonly name: string }
  | { readonly type: 'message'; readonly message: MessageView };

export interface ChatService {
  send(identity: Identity, conversationId: string, text: string, correlationId: string): Promise<{ message: MessageView; reply: MessageView }>;
  /** Checks and stores the message at once (errors are thrown here); the events run the agent when iterated. */
  open(identity: Identity, conversationId: string, text: string, correlationId: string): Promise<{ message: MessageView; events: AsyncIterable<ChatEvent> }>;
  /** The agent-run listener: a run that waited for a review and has now been resumed answers in its conversation. */
  settled(event: AgentRunSettled): Promise<void>;
}

export interface ChatServiceDeps {
  readonly conversations: ConversationService;
  readonly repository: ConversationRepository;
  readonly writer: MessageWriter;
  readonly agentRuns: AgentRunService;
  /** Roles that may decide a paused call of this tool, from the profile in force. */
  readonly reviewersOf: (tool: string) => string[];
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly maxMessageChars: number;
}

/** A run that could not even start or finish talking to us (an expected failure) still leaves its reason in the conversation. */
function failedFacts(runId: string | null, err: unknown): RunFacts {
  if (!isAppError(err)) throw err;
  return { runId, status: 'failed', answer: null, result: null, error: { code: err.code, message: err.message }, notice: null };
}

/** The same facts the run service reports for a run, rebuilt from its stream's last events. */
function streamedFacts(runId: string | null, finished: RunResult | undefined, error: { code: string; message: string } | undefined): RunFacts {
  const failure = finished ? (finished.error ? { code: finished.error.code, message: finished.error.message } : null) : (error ?? null);
  return { runId, status: finished?.status ?? 'failed', answer: finished?.answer ?? null, result: finished ?? null, error: failure, notice: groundingNotice(finished) };
}

/** The channel whose busy-session policy the profile names (`sessions.channels.chipchat`). */
const CHANNEL = 'chipchat';

export function createChatService(deps: ChatServiceDeps): ChatService {
  const { repository, writer, clock } = deps;

  async function record(conversation: ConversationRecord, run: RunFacts, origin: MessageOrigin): Promise<MessageRecord> {
    return (await writer.write(conversation, content({ ...replyFor(run, deps.reviewersOf, deps.ids.messageId()), origin }))).message;
  }

  /**
   * Checks and stores the user's message. Whether it waits for a busy session, is refused or interrupts the busy run is
   * the profile's busy-session policy for this channel, applied by the agent-run service in the store (so across copies).
   */
  async function begin(identity: Identity, conversationId: string, text: string) {
    const conversation = await deps.conversations.owned(identity.userId, conversationId);
    if (conversation.archived) throw errors.chipchat_conversation_archived({ conversationId });
    assertText(text, deps.maxMessageChars);
    const { message } = await writer.write(conversation, content({ _id: deps.ids.messageId(), role: 'user', origin: 'chat', text }));
    if (conversation.autoTitle) await repository.update(identity.userId, conversationId, { title: titleFromMessage(text), autoTitle: false });
    return { conversation, message };
  }

  return {
    async send(identity, conversationId, text, correlationId) {
      const { conversation, message } = await begin(identity, conversationId, text);
      const outcome = await deps.agentRuns
        .run(identity, { message: text, sessionId: conversation.sessionId, channel: CHANNEL, correlationId })
        .catch((err: unknown) => failedFacts(null, err));
      return { message: toMessageView(message), reply: toMessageView(await record(conversation, outcome, 'chat')) };
    },

    async open(identity, conversationId, text, correlationId) {
      const { conversation, message } = await begin(identity, conversationId, text);
      async function* events(): AsyncGenerator<ChatEvent> {
        let runId: string | null = null;
        let finished: RunResult | undefined;
        let error: { code: string; message: string } | undefined;
        let facts: RunFacts | undefined;
        try {
          for await (const event of deps.agentRuns.stream(identity, { message: text, sessionId: conversation.sessionId, channel: CHANNEL, correlationId })) {
            if (event.type === 'session') {
              runId = event.runId;
              yield { type: 'run', runId, sessionId: event.sessionId };
            } else if (event.type === 'text_delta') yield { type: 'delta', runId: event.runId, delta: event.delta };
            else if (event.type === 'tool_call') yield { type: 'tool', runId: event.runId, name: event.toolCall.name };
            else if (event.type === 'run_finished') finished = event.result;
            else if (event.type === 'error') error ??= { code: event.error.code, message: event.error.message };
          }
        } catch (err) {
          facts = failedFacts(runId, err);
        }
        facts ??= streamedFacts(runId, finished, error);
        yield { type: 'message', message: toMessageView(await record(conversation, facts, 'chat')) };
      }
      return { message: toMessageView(message), events: events() };
    },

    async settled({ userId, resumed, outcome }) {
      // New runs are recorded by the turn that started them; only a resumed run comes back here without a caller.
      if (!resumed) return;
      const conversation = await repository.bySession(userId, outcome.sessionId);
      if (conversation !== null) await record(conversation, outcome, 'review');
    },
  };
}
