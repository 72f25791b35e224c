// Builds the RunResult a caller gets from a run's latest state, with what its answer rests on.
import type { RunResult } from '../../shared/contracts/run-result.ts';
import { groundingOf } from './grounding.ts';
import { harnessErrors } from './harness-errors.ts';
import type { RunState } from './run-state.ts';

export function buildRunResult(state: RunState): RunResult {
  const status = state.status;
  if (status === 'running') throw harnessErrors.invariant_violation(undefined, `run ${state.runId} has no outcome yet`);
  const result: RunResult = {
    runId: state.runId,
    threadId: state.threadId,
    status,
    toolCalls: state.toolCalls,
    usage: state.usage,
    modelCalls: state.modelCalls,
    modelSteps: state.modelSteps,
    ...groundingOf(state.toolCalls),
    toolsOffered: state.toolsOffered === true,
    startedAt: state.startedAt,
    finishedAt: state.updatedAt,
  };
  if (state.route !== undefined) result.route = state.route;
  if (state.skill !== undefined) result.skill = state.skill;
  if (status === 'completed') result.answer = state.answer ?? '';
  if (status === 'interrupted') result.pendingReviews = state.pendingReviews;
  if (state.error !== undefined) result.error = state.error;
  return result;
}
