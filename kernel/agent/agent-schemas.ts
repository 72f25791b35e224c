// TypeBox schemas of the agent routes: run input, cancel outcome, review items and decisions (the run outcome is the contract's).
import { Type } from 'typebox';
import { AgentRunOutcomeSchema } from '../contracts/agent-run-service.ts';

const Id = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' });

export const AgentRunBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 20_000 }),
    sessionId: Type.Optional(Id),
    skill: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    route: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const CancelOutcomeView = Type.Object({
  runId: Type.String(),
  status: Type.Union([Type.Literal('cancelled'), Type.Literal('cancelling')]),
  outcome: Type.Union([AgentRunOutcomeSchema, Type.Null()]),
});

export const ReviewView = Type.Object({
  id: Type.String(),
  runId: Type.String(),
  input: Type.String(),
  status: Type.String(),
  requester: Type.Object({ userId: Type.String(), role: Type.String(), sessionId: Type.String() }),
  items: Type.Array(
    Type.Object({
      toolCallId: Type.String(),
      name: Type.String(),
      description: Type.Union([Type.String(), Type.Null()]),
      kind: Type.String(),
      question: Type.Optional(Type.String()),
      arguments: Type.Unknown(),
      argumentsHash: Type.String(),
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});

const Hash = Type.String({ pattern: '^[0-9a-f]{64}$' });
const CallId = Type.String({ minLength: 1, maxLength: 200 });
export const DecisionsBody = Type.Object(
  {
    decisions: Type.Array(
      Type.Union([
        Type.Object({ toolCallId: CallId, argumentsHash: Hash, type: Type.Literal('approve') }, { additionalProperties: false }),
        Type.Object({ toolCallId: CallId, argumentsHash: Hash, type: Type.Literal('edit'), arguments: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false }),
        Type.Object({ toolCallId: CallId, argumentsHash: Hash, type: Type.Literal('reject'), reason: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false }),
        Type.Object({ toolCallId: CallId, argumentsHash: Hash, type: Type.Literal('respond'), message: Type.String({ minLength: 1, maxLength: 20_000 }) }, { additionalProperties: false }),
      ]),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
