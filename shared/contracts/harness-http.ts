// The harness service's HTTP bodies besides RunRequest and RunResult: the resume and cancel calls and the run view (errors: shared/errors/error-body.ts).
import { Type, type Static } from 'typebox';
import { PendingReviewSchema, ReviewDecisionSchema } from './review-decision.ts';
import { RunIdentitySchema } from './run-request.ts';
import { RunErrorSchema, RunResultSchema, TokenUsageSchema } from './run-result.ts';
import { ToolCallRecordSchema } from './tool-call-record.ts';

/**
 * POST /runs/:runId/resume. `identity` is the run's user as the caller resolved them just now (the same userId, with
 * the role and credential they hold today); `reviewer` is who took the decisions. `runId` may repeat the path's, so a
 * ResumeRequest can be sent as it is.
 */
export const ResumeCallSchema = Type.Object(
  {
    runId: Type.Optional(Type.String({ minLength: 1 })),
    identity: RunIdentitySchema,
    decisions: Type.Array(ReviewDecisionSchema, { minItems: 1 }),
    reviewer: Type.Optional(RunIdentitySchema),
  },
  { additionalProperties: false },
);
export type ResumeCall = Static<typeof ResumeCallSchema>;

/** POST /runs/:runId/cancel: who asks. The flag is stored, so whichever harness copy runs the run stops it at its next node. */
export const CancelCallSchema = Type.Object(
  { by: Type.Object({ userId: Type.String({ minLength: 1 }), role: Type.String({ minLength: 1 }) }, { additionalProperties: false }) },
  { additionalProperties: false },
);
export type CancelCall = Static<typeof CancelCallSchema>;

/** `cancelled` with the run's final result when it was paused (it ends here); `cancelling` when it is running somewhere. */
export const CancelAnswerSchema = Type.Object({
  runId: Type.String(),
  state: Type.Union([Type.Literal('cancelled'), Type.Literal('cancelling')]),
  result: Type.Optional(RunResultSchema),
});
export type CancelAnswer = Static<typeof CancelAnswerSchema>;

/** GET /runs/:runId: a run as its latest checkpoint has it, including what the model was offered and why the rest was hidden. */
export const RunViewSchema = Type.Object({
  runId: Type.String(),
  threadId: Type.String(),
  userId: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('interrupted'), Type.Literal('completed'), Type.Literal('failed')]),
  node: Type.String(),
  step: Type.Integer({ minimum: 0 }),
  route: Type.Optional(Type.String()),
  skill: Type.Optional(Type.String()),
  answer: Type.Optional(Type.String()),
  error: Type.Optional(RunErrorSchema),
  pendingReviews: Type.Array(PendingReviewSchema),
  toolCalls: Type.Array(ToolCallRecordSchema),
  visibleTools: Type.Array(Type.String()),
  hiddenTools: Type.Array(Type.Object({ name: Type.String(), reason: Type.String() })),
  usage: TokenUsageSchema,
  modelCalls: Type.Integer({ minimum: 0 }),
  startedAt: Type.Number(),
  updatedAt: Type.Number(),
});
export type RunView = Static<typeof RunViewSchema>;
