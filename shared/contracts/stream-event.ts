// Events a streamed run emits, in order: run_started, then deltas and tool activity, then interrupt or error, then run_finished.
import { Type, type Static } from 'typebox';
import { ToolCallSchema } from './messages.ts';
import { PendingReviewSchema } from './review-decision.ts';
import { RunErrorSchema, RunResultSchema } from './run-result.ts';
import { ToolCallRecordSchema } from './tool-call-record.ts';

export const RunStartedEventSchema = Type.Object({
  type: Type.Literal('run_started'),
  runId: Type.String(),
  threadId: Type.String(),
  resumed: Type.Boolean(),
});

export const TextDeltaEventSchema = Type.Object({
  type: Type.Literal('text_delta'),
  runId: Type.String(),
  delta: Type.String(),
});

export const ToolCallEventSchema = Type.Object({
  type: Type.Literal('tool_call'),
  runId: Type.String(),
  toolCall: ToolCallSchema,
});

export const ToolResultEventSchema = Type.Object({
  type: Type.Literal('tool_result'),
  runId: Type.String(),
  record: ToolCallRecordSchema,
});

export const InterruptEventSchema = Type.Object({
  type: Type.Literal('interrupt'),
  runId: Type.String(),
  pendingReviews: Type.Array(PendingReviewSchema),
});

export const RunFinishedEventSchema = Type.Object({
  type: Type.Literal('run_finished'),
  runId: Type.String(),
  result: RunResultSchema,
});

export const ErrorEventSchema = Type.Object({
  type: Type.Literal('error'),
  runId: Type.String(),
  error: RunErrorSchema,
});

export const RunStreamEventSchema = Type.Union([
  RunStartedEventSchema,
  TextDeltaEventSchema,
  ToolCallEventSchema,
  ToolResultEventSchema,
  InterruptEventSchema,
  RunFinishedEventSchema,
  ErrorEventSchema,
]);
export type RunStreamEvent = Static<typeof RunStreamEventSchema>;
