// Human review: the calls a paused run waits on, and the decision a reviewer returns for each of them.
import { Type, type Static } from 'typebox';
import { RunIdentitySchema } from './run-request.ts';

/** `approval` gates a tool marked for review; `human_input` is the model asking the human a question. */
export const PendingReviewSchema = Type.Object({
  toolCallId: Type.String(),
  name: Type.String(),
  arguments: Type.Unknown(),
  kind: Type.Union([Type.Literal('approval'), Type.Literal('human_input')]),
  question: Type.Optional(Type.String()),
});
export type PendingReview = Static<typeof PendingReviewSchema>;

export const ReviewDecisionSchema = Type.Union([
  Type.Object({ toolCallId: Type.String({ minLength: 1 }), type: Type.Literal('approve') }),
  Type.Object({
    toolCallId: Type.String({ minLength: 1 }),
    type: Type.Literal('edit'),
    arguments: Type.Record(Type.String(), Type.Unknown()),
  }),
  Type.Object({ toolCallId: Type.String({ minLength: 1 }), type: Type.Literal('reject'), reason: Type.String() }),
  Type.Object({ toolCallId: Type.String({ minLength: 1 }), type: Type.Literal('respond'), message: Type.String() }),
]);
export type ReviewDecision = Static<typeof ReviewDecisionSchema>;

/**
 * One decision per pending tool_call_id; `reviewer` is who decided, recorded with each call. `identity` is the run's
 * user as the caller knows them now (same user, current role and credential); the calls run with it.
 */
export const ResumeRequestSchema = Type.Object({
  runId: Type.String({ minLength: 1 }),
  decisions: Type.Array(ReviewDecisionSchema, { minItems: 1 }),
  reviewer: Type.Optional(RunIdentitySchema),
  identity: Type.Optional(RunIdentitySchema),
});
export type ResumeRequest = Static<typeof ResumeRequestSchema>;
