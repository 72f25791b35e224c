// Node `execute_tools`: runs each allowed call of the batch in order, through the tool middleware, with a deadline.
import type { Refusal } from '../../../shared/contracts/tool-call-record.ts';
import { invokeWithDeadline, type InvocationOutcome } from '../../tools/tool-invoker.ts';
import { harnessErrors, toRunError } from '../harness-errors.ts';
import { hookRun, type NodeContext } from '../node-context.ts';
import type { BatchEntry, NodeResult, RunState, ToolOutcome } from '../run-state.ts';
import { refusalOutcome, resultOutcome } from '../tool-outcome.ts';

function outcomeOf(entry: BatchEntry, invocation: InvocationOutcome, cancelled: boolean, timing: { startedAt: number; finishedAt: number }): ToolOutcome {
  if (invocation.kind === 'result') return resultOutcome(entry, invocation.result, timing);
  let refusal: Refusal;
  if (invocation.kind === 'timeout') {
    refusal = { code: 'timeout', message: `The tool did not answer within ${invocation.timeoutMs} ms; its outcome is unknown.` };
  } else if (cancelled) {
    refusal = { code: 'run_stopped', message: 'The run was cancelled while this call was running; its outcome is unknown.' };
  } else {
    refusal = { code: 'execution_error', message: `The tool failed: ${invocation.message}` };
  }
  return refusalOutcome(entry, refusal, timing, true);
}

async function runOne(entry: BatchEntry, state: RunState, ctx: NodeContext): Promise<ToolOutcome> {
  const run = hookRun(state);
  const args = entry.arguments ?? {};
  const hookCtx = { run, state, call: entry.call, arguments: args };
  await ctx.hooks.beforeTool(hookCtx);
  const startedAt = ctx.now();
  const catalog = await ctx.tools.catalog();
  const tool = catalog.byName.get(entry.call.name);
  let outcome: ToolOutcome;
  if (!tool) {
    // Dynamic discovery can withdraw a tool between validation and execution (or across a review pause).
    const refusal: Refusal = { code: 'unknown_tool', message: `The tool "${entry.call.name}" is no longer available.` };
    outcome = refusalOutcome(entry, refusal, { startedAt, finishedAt: startedAt });
  } else {
    const timeoutMs = state.limits.toolTimeoutMs ?? ctx.defaultToolTimeoutMs;
    const invocation = await ctx.hooks.callTool(hookCtx, (wrapped) =>
      invokeWithDeadline(
        (signal) =>
          ctx.tools.call(tool, wrapped.arguments, {
            identity: state.identity,
            runId: state.runId,
            threadId: state.threadId,
            toolCallId: entry.call.id,
            signal,
          }),
        { timeoutMs, signal: ctx.signal, timers: ctx.timers },
      ),
    );
    const ran = outcomeOf(entry, invocation, ctx.signal.aborted, { startedAt, finishedAt: ctx.now() });
    outcome = tool.source ? { ...ran, record: { ...ran.record, source: tool.source.id } } : ran;
  }
  await ctx.hooks.afterTool({ run, state, call: entry.call, record: outcome.record });
  return outcome;
}

/** Progress is returned even on failure, so calls that already ran keep their real results in the record. */
export async function executeTools(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const batch = [...state.batch];
  try {
    for (let i = 0; i < batch.length; i += 1) {
      const entry = batch[i] as BatchEntry;
      if (entry.phase !== 'allowed') continue;
      if (ctx.signal.aborted) throw harnessErrors.cancelled();
      const outcome = await runOne(entry, { ...state, batch }, ctx);
      batch[i] = { ...entry, phase: 'done', outcome };
      ctx.emit({ type: 'tool_result', runId: state.runId, record: outcome.record });
    }
  } catch (err) {
    return { update: { batch, error: toRunError(err, 'execute_tools') }, next: 'fail' };
  }
  return { update: { batch }, next: 'append_tool_messages' };
}
