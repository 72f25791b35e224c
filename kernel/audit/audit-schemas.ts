// TypeBox schemas of the agent audit records (agent_runs, agent_tool_calls, agent_review_decisions) and their REST views.
import { Type, type Static } from 'typebox';

export const RUNS_COLLECTION = 'agent_runs';
export const TOOL_CALLS_COLLECTION = 'agent_tool_calls';
export const REVIEW_DECISIONS_COLLECTION = 'agent_review_decisions';

export const RunStatus = Type.Union([Type.Literal('completed'), Type.Literal('interrupted'), Type.Literal('failed')]);

export const AuditRunView = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  role: Type.String(),
  sessionId: Type.String(),
  correlationId: Type.String(),
  /** The OpenTelemetry trace id of the request that wrote this record (the resume, for a resumed run); null when not traced. */
  traceId: Type.Union([Type.String(), Type.Null()]),
  route: Type.Union([Type.String(), Type.Null()]),
  skill: Type.Union([Type.String(), Type.Null()]),
  input: Type.String(),
  status: RunStatus,
  answer: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  /** Who cancelled the run (its error is then `cancelled`); absent on runs nobody cancelled. */
  cancelledBy: Type.Optional(Type.String()),
  usage: Type.Object({ inputTokens: Type.Integer(), outputTokens: Type.Integer() }),
  /** Whether the answer rests on tool results of this run (see the RunResult); null when the harness gave no result. */
  grounding: Type.Union([Type.Literal('tools'), Type.Literal('none'), Type.Null()]),
  /** The succeeded calls `grounding: tools` rests on, as entries of AuditToolCallView. */
  groundedOn: Type.Array(Type.Object({ toolCallId: Type.String(), tool: Type.String() })),
  /** Whether the model was offered tools besides the harness's native ones; null when the harness gave no result. */
  toolsOffered: Type.Union([Type.Boolean(), Type.Null()]),
  /** A completed answer with grounding none on a route that offers tools: what the console and ChipChat flag. */
  ungrounded: Type.Boolean(),
  /** The text shown beside an ungrounded answer; null otherwise. */
  notice: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.String({ format: 'date-time' }),
  durationMs: Type.Integer(),
});

/** One model call of a run (the routing call included), stored with the run; `toolCalls` name entries of AuditToolCallView. */
export const AuditModelStepView = Type.Object({
  index: Type.Integer(),
  kind: Type.Union([Type.Literal('routing'), Type.Literal('agent')]),
  startedAt: Type.String({ format: 'date-time' }),
  durationMs: Type.Integer(),
  usage: Type.Object({ inputTokens: Type.Integer(), outputTokens: Type.Integer() }),
  /** What the model wrote, clipped by the harness to 2,000 characters (`textTruncated`). */
  text: Type.String(),
  textTruncated: Type.Boolean(),
  toolCalls: Type.Array(Type.Object({ toolCallId: Type.String(), tool: Type.String() })),
  /** `required` when the call asked the provider for a tool call (a tool-first skill's first call). */
  toolChoice: Type.Optional(Type.Literal('required')),
  stopReason: Type.Optional(Type.String()),
});

export const AuditToolCallView = Type.Object({
  id: Type.String(),
  runId: Type.String(),
  toolCallId: Type.String(),
  tool: Type.String(),
  server: Type.Union([Type.String(), Type.Null()]),
  arguments: Type.Unknown(),
  result: Type.Unknown(),
  isError: Type.Boolean(),
  refusal: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
});

export const AuditReviewDecisionView = Type.Object({
  id: Type.String(),
  runId: Type.String(),
  toolCallId: Type.String(),
  decision: Type.Union([Type.Literal('approve'), Type.Literal('edit'), Type.Literal('reject'), Type.Literal('respond')]),
  reviewerId: Type.String(),
  reviewerRole: Type.String(),
  detail: Type.Unknown(),
  decidedAt: Type.String({ format: 'date-time' }),
});

export const AuditRunQuery = Type.Object(
  {
    userId: Type.Optional(Type.String({ minLength: 1 })),
    sessionId: Type.Optional(Type.String({ minLength: 1 })),
    route: Type.Optional(Type.String({ minLength: 1 })),
    status: Type.Optional(RunStatus),
    grounding: Type.Optional(Type.Union([Type.Literal('tools'), Type.Literal('none')])),
    /** true: only flagged answers (grounding none where tools were offered); false: every other run. */
    ungrounded: Type.Optional(Type.Boolean()),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
  },
  { additionalProperties: false },
);

export type AuditRunView = Static<typeof AuditRunView>;
export type AuditModelStepView = Static<typeof AuditModelStepView>;
export type AuditToolCallView = Static<typeof AuditToolCallView>;
export type AuditReviewDecisionView = Static<typeof AuditReviewDecisionView>;
export type AuditRunQuery = Static<typeof AuditRunQuery>;

/** Stored shapes: the views with Date fields and ids as _id. */
export type ModelStepRecord = Omit<AuditModelStepView, 'startedAt'> & { startedAt: Date };
type GroundingFields = 'grounding' | 'groundedOn' | 'toolsOffered' | 'ungrounded';
/**
 * A run keeps its model steps inside its own document; runs recorded before steps (or grounding) were kept have none.
 * The notice is not stored: the view derives it from `ungrounded`.
 */
export type RunRecord = Omit<AuditRunView, 'id' | 'startedAt' | 'finishedAt' | 'notice' | GroundingFields> & Partial<Pick<AuditRunView, GroundingFields>> & {
  _id: string;
  startedAt: Date;
  finishedAt: Date;
  modelSteps?: ModelStepRecord[];
};
export type ToolCallRecordDoc = Omit<AuditToolCallView, 'id' | 'startedAt'> & { _id: string; startedAt: Date | null };
export type ReviewDecisionRecord = Omit<AuditReviewDecisionView, 'id' | 'decidedAt'> & { _id: string; decidedAt: Date };
