// Node `validate_model_output`: checks the AIMessage can be paired and says something, announces its calls, and picks the tool path or finalize.
import { harnessErrors, toRunError } from '../harness-errors.ts';
import type { NodeContext } from '../node-context.ts';
import type { NodeResult, RunState } from '../run-state.ts';
import { createToolCallIds } from '../tool-call-ids.ts';

const usedToolCallIds = createToolCallIds();

export async function validateModelOutput(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const last = state.messages[state.messages.length - 1];
  if (last?.role !== 'assistant') {
    const error = harnessErrors.invalid_model_output(undefined, 'the last message is not the model\'s');
    return { update: { error: toRunError(error, 'validate_model_output') }, next: 'fail' };
  }
  // Decisions and records are keyed by tool_call_id, so an id may appear only once in a run.
  const used = usedToolCallIds(ctx, state.toolCalls);
  const asked = new Set<string>();
  for (const call of last.tool_calls) {
    if (used.has(call.id) || asked.has(call.id)) {
      const error = harnessErrors.invalid_model_output(undefined, `the model reused the tool_call_id ${call.id}`);
      return { update: { error: toRunError(error, 'validate_model_output') }, next: 'fail' };
    }
    asked.add(call.id);
  }
  if (last.tool_calls.length === 0 && last.content.trim() === '') {
    // An empty answer is not an answer: finishing with it would record a completed run that says nothing.
    return { update: { error: toRunError(harnessErrors.empty_answer(), 'validate_model_output') }, next: 'fail' };
  }
  for (const call of last.tool_calls) ctx.emit({ type: 'tool_call', runId: state.runId, toolCall: call });
  return { update: {}, next: last.tool_calls.length > 0 ? 'validate_tool_calls' : 'finalize' };
}
