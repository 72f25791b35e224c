// Node `initialize`: settles the route and skill and puts their instructions ahead of the conversation.
import type { Message } from '../../../shared/contracts/messages.ts';
import { addUsage } from '../../models/model-adapter.ts';
import { appendModelStep } from '../model-steps.ts';
import type { NodeContext } from '../node-context.ts';
import type { NodeResult, RunState } from '../run-state.ts';

export async function initialize(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  if (!ctx.context) return { update: {}, next: 'model' };
  const resolved = await ctx.context.resolve({
    runId: state.runId,
    identity: state.identity,
    messages: state.messages,
    route: state.route,
    skill: state.skill,
    signal: ctx.signal,
    now: ctx.now,
  });
  const instructions: Message[] = resolved.instructions.map((content) => ({ role: 'system', content }));
  const update: NodeResult['update'] = { messages: [...instructions, ...state.messages] };
  if (resolved.route !== undefined) update.route = resolved.route;
  if (resolved.skill !== undefined) update.skill = resolved.skill;
  if (resolved.routingStep !== undefined) {
    update.usage = addUsage(state.usage, resolved.routingStep.usage);
    update.modelSteps = appendModelStep(state.modelSteps, resolved.routingStep);
  }
  return { update, next: 'model' };
}
