// The audit record of one tool call: what was asked, what ran, what came back, and why it was refused if it was.
import { Type, type Static } from 'typebox';

/** Why a call did not produce a tool result; the same codes appear in the call's error ToolMessage. */
export const RefusalCodeSchema = Type.Union([
  Type.Literal('unknown_tool'),
  Type.Literal('tool_not_visible'),
  Type.Literal('permission_denied'),
  Type.Literal('policy_denied'),
  Type.Literal('invalid_arguments'),
  Type.Literal('execution_error'),
  Type.Literal('timeout'),
  Type.Literal('rejected_by_reviewer'),
  Type.Literal('run_stopped'),
]);
export type RefusalCode = Static<typeof RefusalCodeSchema>;

/** An MCP content block (text, image, resource, ...): only `type` is fixed, the rest depends on it. */
export const ContentBlockSchema = Type.Intersect([
  Type.Object({ type: Type.String() }),
  Type.Record(Type.String(), Type.Unknown()),
]);
export type ContentBlock = Static<typeof ContentBlockSchema>;

/** A tool's own answer, kept as the source returned it (MCP shape). */
export const ToolResultRecordSchema = Type.Object({
  content: Type.Array(ContentBlockSchema),
  structuredContent: Type.Optional(Type.Unknown()),
  isError: Type.Boolean(),
  _meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type ToolResultRecord = Static<typeof ToolResultRecordSchema>;

export const RefusalSchema = Type.Object({
  code: RefusalCodeSchema,
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
});
export type Refusal = Static<typeof RefusalSchema>;

export const ReviewNoteSchema = Type.Object({
  decision: Type.Union([
    Type.Literal('approve'),
    Type.Literal('edit'),
    Type.Literal('reject'),
    Type.Literal('respond'),
  ]),
  reviewerId: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type ReviewNote = Static<typeof ReviewNoteSchema>;

export const ToolCallStatusSchema = Type.Union([
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('refused'),
  Type.Literal('rejected'),
  Type.Literal('answered'),
]);
export type ToolCallStatus = Static<typeof ToolCallStatusSchema>;

export const ToolCallRecordSchema = Type.Object({
  toolCallId: Type.String(),
  name: Type.String(),
  /** The arguments the call ran with (the reviewer's, when edited). */
  arguments: Type.Unknown(),
  /** The model's original arguments, present only when a reviewer edited them. */
  requestedArguments: Type.Optional(Type.Unknown()),
  status: ToolCallStatusSchema,
  /** Where the call ran: the tool source's id (an MCP server's profile name, `subagents`); absent when it never ran there. */
  source: Type.Optional(Type.String()),
  result: Type.Optional(ToolResultRecordSchema),
  refusal: Type.Optional(RefusalSchema),
  review: Type.Optional(ReviewNoteSchema),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
  durationMs: Type.Number(),
});
export type ToolCallRecord = Static<typeof ToolCallRecordSchema>;
