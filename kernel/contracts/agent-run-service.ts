// The app's agent-run service as plugins see it (ChipChat, the scheduler's goal executor): one way to run the agent for a user.
import type { RunResult } from '../../shared/contracts/run-result.ts';
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

/** The harness's answer plus the session it belongs to; a failure to reach the harness is a failed result too. */
export interface AgentRunOutcome {
  readonly runId: string;
  readonly sessionId: string;
  readonly status: RunResult['status'];
  readonly answer: string | null;
  readonly result: RunResult | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** The text shown beside an answer that rests on no tool result although tools were offered; null otherwise. */
  readonly notice: string | null;
}

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
