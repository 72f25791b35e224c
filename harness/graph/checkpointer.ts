// The Checkpointer port: the latest state of each run, keyed by run id and grouped by thread, written once per step.
import type { RunPhase, RunState } from './run-state.ts';

export interface CheckpointSummary {
  runId: string;
  threadId: string;
  step: number;
  status: RunPhase;
  node: RunState['node'];
  startedAt: number;
  updatedAt: number;
}

export interface Checkpointer {
  /** The latest checkpoint of a run, or undefined when there is none (or it expired). */
  load(runId: string): Promise<RunState | undefined>;
  /**
   * Writes a run's next checkpoint. `parentStep` is the step it replaces, or null for a run's first checkpoint;
   * if the stored step differs (another writer got there first) it throws CheckpointConflictError and writes nothing.
   */
  save(state: RunState, options: { parentStep: number | null }): Promise<void>;
  /** The runs of a thread, in the order they started. */
  list(threadId: string): Promise<CheckpointSummary[]>;
  deleteThread(threadId: string): Promise<void>;
}

export class CheckpointConflictError extends Error {
  override readonly name = 'CheckpointConflictError';
  constructor(
    readonly runId: string,
    readonly parentStep: number | null,
  ) {
    super(
      parentStep === null
        ? `a checkpoint for run ${runId} already exists`
        : `the checkpoint of run ${runId} is no longer at step ${parentStep}`,
    );
  }
}

export function summaryOf(state: RunState): CheckpointSummary {
  return {
    runId: state.runId,
    threadId: state.threadId,
    step: state.step,
    status: state.status,
    node: state.node,
    startedAt: state.startedAt,
    updatedAt: state.updatedAt,
  };
}
