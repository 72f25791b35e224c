// What GET /runs/:runId shows: a run as its latest checkpoint has it.
import type { RunView } from '../../shared/contracts/harness-http.ts';
import type { RunState } from '../graph/run-state.ts';

export function runViewOf(state: RunState): RunView {
  const view: RunView = {
    runId: state.runId,
    threadId: state.threadId,
    userId: state.identity.userId,
    status: state.status,
    node: state.node,
    step: state.step,
    pendingReviews: state.pendingReviews,
    toolCalls: state.toolCalls,
    visibleTools: state.visibleTools,
    hiddenTools: state.hiddenTools,
    usage: state.usage,
    modelCalls: state.modelCalls,
    startedAt: state.startedAt,
    updatedAt: state.updatedAt,
  };
  if (state.route !== undefined) view.route = state.route;
  if (state.skill !== undefined) view.skill = state.skill;
  if (state.answer !== undefined) view.answer = state.answer;
  if (state.error !== undefined) view.error = state.error;
  return view;
}
