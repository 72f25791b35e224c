// Node `validate_tool_calls`: refuses calls to unknown or hidden tools and calls whose arguments do not fit the schema.
import { checkToolCall } from '../check-tool-call.ts';
import type { NodeContext } from '../node-context.ts';
import type { BatchEntry, NodeResult, RunState } from '../run-state.ts';
import { openToolCalls } from '../tool-call-pairing.ts';
import { entryFor, refusalOutcome } from '../tool-outcome.ts';

export async function validateToolCalls(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const catalog = await ctx.tools.catalog();
  const batch = openToolCalls(state.messages).map((call): BatchEntry => {
    const entry = entryFor(call);
    const check = checkToolCall(call, catalog, state);
    if (check.ok) return { ...entry, arguments: check.arguments };
    const now = ctx.now();
    const outcome = refusalOutcome(entry, check.refusal, { startedAt: now, finishedAt: now });
    ctx.emit({ type: 'tool_result', runId: state.runId, record: outcome.record });
    return { ...entry, phase: 'done', outcome };
  });
  return { update: { batch }, next: 'tool_policy' };
}
