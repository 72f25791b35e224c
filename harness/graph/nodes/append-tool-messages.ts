// Node `append_tool_messages`: moves the finished batch into the history, one ToolMessage per call in call order.
import { harnessErrors } from '../harness-errors.ts';
import type { NodeContext } from '../node-context.ts';
import type { NodeResult, RunState, ToolOutcome } from '../run-state.ts';

export async function appendToolMessages(state: RunState, _ctx: NodeContext): Promise<NodeResult> {
  const outcomes = state.batch.map((entry): ToolOutcome => {
    if (!entry.outcome) throw harnessErrors.invariant_violation(undefined, `tool call ${entry.call.id} reached append_tool_messages without an outcome`);
    return entry.outcome;
  });
  return {
    update: {
      messages: [...state.messages, ...outcomes.map((outcome) => outcome.message)],
      toolCalls: [...state.toolCalls, ...outcomes.map((outcome) => outcome.record)],
      batch: [],
    },
    next: 'model',
  };
}
