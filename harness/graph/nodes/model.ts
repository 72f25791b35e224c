// Node `model`: offers the visible tools (requiring a call on a tool-first skill's first call), calls the model through the middleware, and appends its AIMessage.
import { addUsage, type ModelCallRequest } from '../../models/model-adapter.ts';
import { computeToolVisibility } from '../../tools/tool-visibility.ts';
import { harnessErrors, toRunError } from '../harness-errors.ts';
import { appendModelStep, modelStepOf } from '../model-steps.ts';
import { hookRun, type NodeContext } from '../node-context.ts';
import type { NodeResult, RunState, StateUpdate } from '../run-state.ts';
import { assertToolCallPairingSince } from '../tool-call-pairing.ts';

export async function model(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const run = hookRun(state);
  const messages = await ctx.hooks.beforeModel({ run, state, messages: state.messages, signal: ctx.signal });
  // A before_model hook that rewrote history must not hand the model an orphaned or unanswered call; the loop checked
  // the state's own history, so only what a hook changed (and the open tail) is walked.
  assertToolCallPairingSince(state.messages, messages, { allowOpenTail: false });
  const catalog = await ctx.tools.catalog();
  const { visible, hidden } = computeToolVisibility(catalog, ctx.policy, state.identity, state.skill, state.route);
  // Native tools neither act nor look anything up, so only a tool from a source counts as offering tools.
  const offersTools = visible.some((tool) => catalog.byName.get(tool.name)?.source !== undefined);
  const request: ModelCallRequest = {
    messages,
    tools: visible.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    signal: ctx.signal,
    onTextDelta: (delta) => ctx.emit({ type: 'text_delta', runId: state.runId, delta }),
  };
  if (state.modelCalls === 0 && offersTools && state.skill !== undefined && ctx.policy.skillRequiresTool?.(state.skill) === true) {
    request.toolChoice = 'required';
  }
  const startedAt = ctx.now();
  const response = await ctx.hooks.callModel({ run, state, request }, (call) => ctx.model.call(call.request));
  const finishedAt = ctx.now();
  const update: StateUpdate = {
    messages: [...messages, response.message],
    usage: addUsage(state.usage, response.usage),
    modelCalls: state.modelCalls + 1,
    modelSteps: appendModelStep(state.modelSteps, modelStepOf('agent', response, startedAt, finishedAt, request.toolChoice)),
    visibleTools: visible.map((tool) => tool.name),
    hiddenTools: hidden,
    toolsOffered: state.toolsOffered === true || offersTools,
  };
  try {
    await ctx.hooks.afterModel({ run, state: { ...state, ...update }, request, response, durationMs: finishedAt - startedAt });
  } catch (err) {
    // Keep the AIMessage: the fail node then answers its calls, so the record shows what the model asked for.
    return { update: { ...update, error: toRunError(err, 'model') }, next: 'fail' };
  }
  if (response.truncated === true && response.message.tool_calls.length > 0) {
    // The last call of a cut-off answer is cut off too (and the provider may have dropped its arguments silently), so none of the batch runs.
    const error = harnessErrors.model_output_truncated({
      stopReason: response.stopReason,
      toolCalls: response.message.tool_calls.map((call) => call.name),
    });
    return { update: { ...update, error: toRunError(error, 'model') }, next: 'fail' };
  }
  return { update, next: 'validate_model_output' };
}
