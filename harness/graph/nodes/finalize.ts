// Node `finalize`: the model answered without tool calls; its text is the run's answer.
import type { NodeContext } from '../node-context.ts';
import type { NodeResult, RunState } from '../run-state.ts';

export async function finalize(state: RunState, _ctx: NodeContext): Promise<NodeResult> {
  const last = state.messages[state.messages.length - 1];
  const answer = last?.role === 'assistant' ? last.content : '';
  return { update: { status: 'completed', answer, pendingReviews: [] }, next: 'end' };
}
