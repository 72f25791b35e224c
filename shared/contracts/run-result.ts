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
  error: Type.Optional(RunErrorSchema),
  startedAt: Type.Number(),
  finishedAt: Type.Number(),
});
export type RunResult = Static<typeof RunResultSchema>;
