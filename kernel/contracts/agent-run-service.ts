// The app's agent-run service as plugins see it (ChipChat, the scheduler's goal executor): one way to run the agent for a user.
import { Type, type Static } from 'typebox';
import { RunResultSchema, RunStatusSchema } from '../../shared/contracts/run-result.ts';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import type { Identity } from '../identity/identity.ts';

export interface AgentRunInput {
  readonly message: string;
  /** Continues that session's conversation; a new session is started when absent. */
  readonly sessionId?: string;
  readonly skill?: string;
  readonly route?: string;
  /**
   * The conversation channel the message came through (a plugin's id), whose busy-session policy applies; the bare
   * API's when absent. A message may wait for its session's earlier runs, be refused (`session_busy`), or interrupt them.
   */
  readonly channel?: string;
  readonly correlationId: string;
  /** The W3C `traceparent` the request arrived with, when well-formed. */
  readonly traceparent?: string | undefined;
}

/**
 * What a run came to, as the API answers it, plugins receive it and listeners hear it: the harness's result plus the
 * session it belongs to. A failure to reach the harness is a failed outcome too (`result` null, `error` set).
 */
export const AgentRunOutcomeSchema = Type.Object({
  runId: Type.String(),
  sessionId: Type.String(),
  status: RunStatusSchema,
  answer: Type.Union([Type.String(), Type.Null()]),
  result: Type.Union([RunResultSchema, Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String(), message: Type.String() }), Type.Null()]),
  /** Shown beside an answer that rests on no tool result although tools were offered (`result.grounding` none); else null. */
  notice: Type.Union([Type.String(), Type.Null()]),
});
export type AgentRunOutcome = Static<typeof AgentRunOutcomeSchema>;

/** A run this process has just settled: its audit is written and, when it completed, its answer is in the session. */
export interface AgentRunSettled {
  /** The user the run acted for. */
  readonly userId: string;
  /** True when the run went on after its review was decided (or expired), rather than being started now. */
  readonly resumed: boolean;
  readonly outcome: AgentRunOutcome;
}

export type AgentRunListener = (event: AgentRunSettled) => void | Promise<void>;

export interface AgentRunService {
  run(identity: Identity, input: AgentRunInput): Promise<AgentRunOutcome>;
  /** The harness's events as they come; the last one is `run_finished` (or `error`). Audit is written either way. */
  stream(identity: Identity, input: AgentRunInput): AsyncIterable<RunStreamEvent | { type: 'session'; sessionId: string; runId: string }>;
  /**
   * Calls `listener` with every run this process settles (started here, streamed, or resumed by a review decision or
   * its expiry), awaited before the caller gets the outcome. In-process only: a listener whose effect other processes
   * must see writes it to the store. A listener that throws is logged and never changes the run. Returns the unsubscribe.
   */
  onSettled(listener: AgentRunListener): () => void;
}
