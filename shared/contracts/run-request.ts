// What a caller sends to start an agent run: the input messages, who asks, and optional pins and limits.
import { Type, type Static } from 'typebox';
import { MessageSchema } from './messages.ts';

/**
 * Who a run acts for. `role` is the one the caller looked up from the user's credential, never one the user claimed;
 * `tokenId` names that credential, so the harness can call MCP servers on the user's behalf with it.
 */
/** W3C Trace Context `traceparent`, version 00: only a well-formed value is carried on or logged. */
export const TRACEPARENT_PATTERN = '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$';

export const RunIdentitySchema = Type.Object({
  userId: Type.String({ minLength: 1 }),
  role: Type.String({ minLength: 1 }),
  tokenId: Type.String({ minLength: 1 }),
  sessionId: Type.String({ minLength: 1 }),
  correlationId: Type.String({ minLength: 1 }),
  /** The caller's trace context, passed to every MCP request of the run (in `_meta`) so the trace continues there. */
  traceparent: Type.Optional(Type.String({ pattern: TRACEPARENT_PATTERN })),
});
export type RunIdentity = Static<typeof RunIdentitySchema>;

/** Per-run ceilings; anything left out falls back to the harness's configured defaults. */
export const RunLimitsSchema = Type.Object({
  maxModelCalls: Type.Optional(Type.Integer({ minimum: 1 })),
  maxToolCalls: Type.Optional(Type.Integer({ minimum: 0 })),
  /** A tool call with identical arguments seen this many times stops the run. */
  loopThreshold: Type.Optional(Type.Integer({ minimum: 2 })),
  toolTimeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  maxTotalTokens: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type RunLimits = Static<typeof RunLimitsSchema>;

export const RunRequestSchema = Type.Object({
  runId: Type.String({ minLength: 1 }),
  threadId: Type.String({ minLength: 1 }),
  messages: Type.Array(MessageSchema, { minItems: 1 }),
  identity: RunIdentitySchema,
  route: Type.Optional(Type.String({ minLength: 1 })),
  skill: Type.Optional(Type.String({ minLength: 1 })),
  limits: Type.Optional(RunLimitsSchema),
});
export type RunRequest = Static<typeof RunRequestSchema>;
