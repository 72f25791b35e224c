// Node `model`: offers the visible tools, calls the model through the middleware, and appends its AIMessage.
import { addUsage, type ModelCallRequest } from '../../models/model-adapter.ts';
import { computeToolVisibility } from '../../tools/tool-visibility.ts';
import { toRunError } from '../harness-errors.ts';
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
  const request: ModelCallRequest = {
    messages,
    tools: visible.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    signal: ctx.signal,
    onTextDelta: (delta) => ctx.emit({ type: 'text_delta', runId: state.runId, delta }),
  };
  const startedAt = ctx.now();
  const response = await ctx.hooks.callModel({ run, state, request }, (call) => ctx.model.call(call.request));
  const finishedAt = ctx.now();
  const update: StateUpdate = {
    messages: [...messages, response.message],
    usage: addUsage(state.usage, response.usage),
    modelCalls: state.modelCalls + 1,
    modelSteps: appendModelStep(state.modelSteps, modelStepOf('agent', response, startedAt, finishedAt)),
    visibleTools: visible.map((tool) => tool.name),
    hiddenTools: hidden,
  };
  try {
    await ctx.hooks.afterModel({ run, state: { ...state, ...update }, request, response, durationMs: finishedAt - startedAt });
  } catch (err) {
    // Keep the AIMessage: the fail node then answers its calls, so the record shows what the model asked for.
    return { update: { ...update, error: toRunError(err, 'model') }, next: 'fail' };
  }
  return { update, next: 'validate_model_output' };
}
