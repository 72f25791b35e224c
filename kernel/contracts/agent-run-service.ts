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
  readonly correlationId: string;
}

/** The harness's answer plus the session it belongs to; a failure to reach the harness is a failed result too. */
export interface AgentRunOutcome {
  readonly runId: string;
  readonly sessionId: string;
  readonly status: RunResult['status'];
  readonly answer: string | null;
  readonly result: RunResult | null;
  readonly error: { readonly code: string; readonly message: string } | null;
}

export interface AgentRunService {
  run(identity: Identity, input: AgentRunInput): Promise<AgentRunOutcome>;
  /** The harness's events as they come; the last one is `run_finished` (or `error`). Audit is written either way. */
  stream(identity: Identity, input: AgentRunInput): AsyncIterable<RunStreamEvent | { type: 'session'; sessionId: string; runId: string }>;
}
