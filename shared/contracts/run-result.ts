// What a run returns, whether it completed, paused for review or failed.
import { Type, type Static } from 'typebox';
import { PendingReviewSchema } from './review-decision.ts';
import { ToolCallRecordSchema } from './tool-call-record.ts';

export const TokenUsageSchema = Type.Object({
  inputTokens: Type.Integer({ minimum: 0 }),
  outputTokens: Type.Integer({ minimum: 0 }),
  totalTokens: Type.Integer({ minimum: 0 }),
});
export type TokenUsage = Static<typeof TokenUsageSchema>;

export const RunStatusSchema = Type.Union([
  Type.Literal('completed'),
  Type.Literal('interrupted'),
  Type.Literal('failed'),
]);
export type RunStatus = Static<typeof RunStatusSchema>;

/** `node` is the graph node that failed, for operators; `code` is stable for clients. */
export const RunErrorSchema = Type.Object({
  code: Type.String(),
  message: Type.String(),
  node: Type.Optional(Type.String()),
  details: Type.Optional(Type.Unknown()),
});
export type RunError = Static<typeof RunErrorSchema>;

/** Longest `text` a model step keeps; the full text stays in the run's messages, the step is only its audit trace. */
export const MODEL_STEP_TEXT_LIMIT = 2000;

/**
 * One model call of a run, in call order. `routing` is the intent router's call (a forced call of the routing tool,
 * before the graph's first model call); `agent` is a call of the graph's `model` node, the only kind `modelCalls` counts.
 */
export const ModelStepSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  kind: Type.Union([Type.Literal('routing'), Type.Literal('agent')]),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
  durationMs: Type.Number({ minimum: 0 }),
  usage: TokenUsageSchema,
  /** What the model wrote, clipped to MODEL_STEP_TEXT_LIMIT characters; `textTruncated` says it was. */
  text: Type.String({ maxLength: MODEL_STEP_TEXT_LIMIT }),
  textTruncated: Type.Optional(Type.Literal(true)),
  /** The tool calls it asked for; what became of each is in `toolCalls` under the same id. */
  toolCalls: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  /** Present when the call asked the provider to require a tool call (a tool-first skill's first call). */
  toolChoice: Type.Optional(Type.Literal('required')),
  /** The provider's own stop reason (`stop`, `tool_calls`, `length`, `end_turn`, `max_tokens`, ...), when it gave one. */
  stopReason: Type.Optional(Type.String()),
});
export type ModelStep = Static<typeof ModelStepSchema>;

/** A tool call of this run whose result the answer can rest on. */
export const GroundingCallSchema = Type.Object({ toolCallId: Type.String(), name: Type.String() });
export type GroundingCall = Static<typeof GroundingCallSchema>;

/**
 * `tools`: at least one tool call of this run succeeded (a non-error tool result), so the answer can rest on it;
 * `none`: no call did. How it is decided is in harness/graph/grounding.ts.
 */
export const GroundingSchema = Type.Union([Type.Literal('tools'), Type.Literal('none')]);
export type Grounding = Static<typeof GroundingSchema>;

export const RunResultSchema = Type.Object({
  runId: Type.String(),
  threadId: Type.String(),
  status: RunStatusSchema,
  route: Type.Optional(Type.String()),
  skill: Type.Optional(Type.String()),
  answer: Type.Optional(Type.String()),
  toolCalls: Type.Array(ToolCallRecordSchema),
  pendingReviews: Type.Optional(Type.Array(PendingReviewSchema)),
  usage: TokenUsageSchema,
  modelCalls: Type.Integer({ minimum: 0 }),
  /** Optional so that a result from a harness that predates it still reads. */
  modelSteps: Type.Optional(Type.Array(ModelStepSchema)),
  error: Type.Optional(RunErrorSchema),
  grounding: GroundingSchema,
  /** The calls `grounding: tools` rests on, in call order; empty for `none`. */
  groundedOn: Type.Array(GroundingCallSchema),
  /** Whether the model was offered any tool besides the harness's native ones; false on a route without tools (small talk). */
  toolsOffered: Type.Boolean(),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
});
export type RunResult = Static<typeof RunResultSchema>;

/** What a person is shown beside an answer that no tool result of its run backs, on a route that offers tools. */
export const UNGROUNDED_NOTICE = 'No action was taken and nothing was looked up for this answer';

/** A completed answer that rests on no tool result although tools were offered: the one case the console and ChipChat flag. */
export function isUngroundedAnswer(result: Pick<RunResult, 'status' | 'grounding' | 'toolsOffered'>): boolean {
  return result.status === 'completed' && result.grounding === 'none' && result.toolsOffered;
}

/** The notice for a result, or null when its answer needs none (or there is no result). */
export function groundingNotice(result: Pick<RunResult, 'status' | 'grounding' | 'toolsOffered'> | null | undefined): string | null {
  return result && isUngroundedAnswer(result) ? UNGROUNDED_NOTICE : null;
}
