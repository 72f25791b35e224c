// A message in a conversation: who speaks (user, assistant, or a system notice), where it came from, and what it carries.
import type { ToolCallStatus } from '../../../shared/contracts/tool-call-record.ts';

export type MessageRole = 'user' | 'assistant' | 'notice';

/**
 * `chat`: typed by the user or answered to them; `review`: the answer of a run that waited for a review;
 * `agent`: posted by an agent through the MCP tool; `schedule`: delivered by a scheduled task (a reminder).
 */
export type MessageOrigin = 'chat' | 'review' | 'agent' | 'schedule';

export interface ToolSummary {
  readonly name: string;
  readonly status: ToolCallStatus;
}

/** A call a paused run waits on, and the roles that may decide it. */
export interface PendingSummary {
  readonly toolCallId: string;
  readonly tool: string;
  readonly kind: 'approval' | 'human_input';
  readonly arguments: string;
  readonly question: string | null;
  readonly reviewerRoles: string[];
}

export interface MessageRecord {
  _id: string;
  ownerId: string;
  conversationId: string;
  /** Per owner, strictly increasing in commit order and never reused: the notification stream's cursor. */
  seq: number;
  role: MessageRole;
  origin: MessageOrigin;
  text: string;
  runId: string | null;
  runStatus: 'completed' | 'interrupted' | 'failed' | null;
  toolCalls: ToolSummary[];
  pendingReviews: PendingSummary[];
  error: { code: string; message: string } | null;
  /** An answer that rests on no tool result of its run although tools were offered; `notice` says so in words. */
  ungrounded: boolean;
  notice: string | null;
  /** The occurrence a scheduled delivery was for. */
  scheduledFor: Date | null;
  /** Strictly increasing per owner, so paging by time never splits or repeats messages. */
  createdAt: Date;
}

/** A message before the store gives it its sequence number and time. */
export type MessageDraft = Omit<MessageRecord, 'seq' | 'createdAt'>;

/** What is said, before it is placed in a conversation. */
export type MessageContent = Omit<MessageDraft, 'ownerId' | 'conversationId'>;

export type TextProblem = 'empty' | 'too_long';

/** Counted in characters (code points), not UTF-16 units, so the limit means the same in every script. */
export function checkText(text: string, maxChars: number): TextProblem | null {
  if (text.trim() === '') return 'empty';
  return [...text].length > maxChars ? 'too_long' : null;
}

export function content(fields: Pick<MessageContent, '_id' | 'role' | 'origin' | 'text'> & Partial<MessageContent>): MessageContent {
  return { runId: null, runStatus: null, toolCalls: [], pendingReviews: [], error: null, ungrounded: false, notice: null, scheduledFor: null, ...fields };
}
