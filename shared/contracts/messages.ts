// Conversation messages as the harness keeps them: the provider-neutral source of truth of every run.
import { Type, type Static } from 'typebox';

/** One provider-native tool call; `rawArguments` is kept only when the provider's argument text was not valid JSON. */
export const ToolCallSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1 }),
  arguments: Type.Unknown(),
  rawArguments: Type.Optional(Type.String()),
});
export type ToolCall = Static<typeof ToolCallSchema>;

export const SystemMessageSchema = Type.Object({
  role: Type.Literal('system'),
  content: Type.String(),
});
export type SystemMessage = Static<typeof SystemMessageSchema>;

export const UserMessageSchema = Type.Object({
  role: Type.Literal('user'),
  content: Type.String(),
});
export type UserMessage = Static<typeof UserMessageSchema>;

export const AssistantMessageSchema = Type.Object({
  role: Type.Literal('assistant'),
  content: Type.String(),
  tool_calls: Type.Array(ToolCallSchema),
});
export type AssistantMessage = Static<typeof AssistantMessageSchema>;

/** The single answer to one tool call; `isError` marks refusals and failures so no error reads as a success. */
export const ToolMessageSchema = Type.Object({
  role: Type.Literal('tool'),
  tool_call_id: Type.String({ minLength: 1 }),
  name: Type.String(),
  content: Type.String(),
  isError: Type.Boolean(),
});
export type ToolMessage = Static<typeof ToolMessageSchema>;

export const MessageSchema = Type.Union([
  SystemMessageSchema,
  UserMessageSchema,
  AssistantMessageSchema,
  ToolMessageSchema,
]);
export type Message = Static<typeof MessageSchema>;
