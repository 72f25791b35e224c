// What callers see of conversations and messages (TypeBox schemas for REST, OpenAPI and MCP output) and the mapping from records.
import { Type, type Static } from 'typebox';
import type { ConversationRecord } from '../domain/conversation.ts';
import type { MessageRecord } from '../domain/message.ts';

const Instant = Type.String({ format: 'date-time' });

export const ConversationView = Type.Object({
  id: Type.String(),
  title: Type.String(),
  archived: Type.Boolean(),
  isDefault: Type.Boolean({ description: 'Notices and reminders land here when no conversation is named.' }),
  sessionId: Type.String({ description: 'The agent session of this conversation (see GET /api/audit/runs).' }),
  createdAt: Instant,
  updatedAt: Instant,
  lastMessageAt: Type.Union([Instant, Type.Null()]),
});

const ToolSummaryView = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('refused'), Type.Literal('rejected'), Type.Literal('answered')]),
});

const PendingView = Type.Object({
  toolCallId: Type.String(),
  tool: Type.String(),
  kind: Type.Union([Type.Literal('approval'), Type.Literal('human_input')]),
  arguments: Type.String({ description: 'A short summary of the arguments under review.' }),
  question: Type.Union([Type.String(), Type.Null()]),
  reviewerRoles: Type.Array(Type.String(), { description: 'Roles that may decide (the profile role matrix).' }),
});

export const MessageView = Type.Object({
  id: Type.String(),
  conversationId: Type.String(),
  seq: Type.Integer({ description: 'Your messages are numbered in order; the notification stream uses it as the event id.' }),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant'), Type.Literal('notice')]),
  origin: Type.Union([Type.Literal('chat'), Type.Literal('review'), Type.Literal('agent'), Type.Literal('schedule')]),
  text: Type.String(),
  runId: Type.Union([Type.String(), Type.Null()]),
  runStatus: Type.Union([Type.Literal('completed'), Type.Literal('interrupted'), Type.Literal('failed'), Type.Null()]),
  toolCalls: Type.Array(ToolSummaryView),
  pendingReviews: Type.Array(PendingView),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  ungrounded: Type.Boolean({ description: 'The answer rests on no tool result of its run although tools were offered: nothing was done or looked up.' }),
  notice: Type.Union([Type.String(), Type.Null()], { description: 'Shown beside an ungrounded answer.' }),
  scheduledFor: Type.Union([Instant, Type.Null()]),
  createdAt: Instant,
});

export const ConversationPage = Type.Object({
  items: Type.Array(ConversationView, { description: 'Most recently updated first.' }),
  hasMore: Type.Boolean({ description: 'Older ones exist: ask again with before = the last updatedAt.' }),
});

export const MessagePage = Type.Object({
  items: Type.Array(MessageView, { description: 'Oldest first.' }),
  hasMore: Type.Boolean({ description: 'More exist beyond this page in the direction asked (earlier, or later with after).' }),
});

export type ConversationView = Static<typeof ConversationView>;
export type MessageView = Static<typeof MessageView>;

export function toConversationView(c: ConversationRecord): ConversationView {
  return {
    id: c._id, title: c.title, archived: c.archived, isDefault: c.isDefault, sessionId: c.sessionId,
    createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString(), lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
  };
}

export function toMessageView(m: MessageRecord): MessageView {
  return {
    id: m._id, conversationId: m.conversationId, seq: m.seq, role: m.role, origin: m.origin, text: m.text, runId: m.runId, runStatus: m.runStatus,
    toolCalls: m.toolCalls.map((t) => ({ name: t.name, status: t.status })),
    pendingReviews: m.pendingReviews.map((p) => ({ ...p, reviewerRoles: [...p.reviewerRoles] })),
    // Messages stored before the flag existed have neither field.
    error: m.error, ungrounded: m.ungrounded === true, notice: m.notice ?? null, scheduledFor: m.scheduledFor?.toISOString() ?? null, createdAt: m.createdAt.toISOString(),
  };
}
