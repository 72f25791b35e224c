// Node `fail`: ends the run as failed and answers every open tool call, so the pairing invariant holds after any failure.
import type { RunError } from '../../../shared/contracts/run-result.ts';
import type { NodeContext } from '../node-context.ts';
import type { NodeResult, RunState, ToolOutcome } from '../run-state.ts';
import { openToolCalls } from '../tool-call-pairing.ts';
import { entryFor, refusalOutcome, stoppedRefusal } from '../tool-outcome.ts';

const UNKNOWN_FAILURE: RunError = { code: 'internal_error', message: 'the run failed without a recorded error' };

/** A call that already has an outcome keeps it (it may have run); the others are answered as not run. */
export async function fail(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const error = state.error ?? UNKNOWN_FAILURE;
  const now = ctx.now();
  const outcomes = openToolCalls(state.messages).map((call): ToolOutcome => {
    const entry = state.batch.find((candidate) => candidate.call.id === call.id) ?? entryFor(call);
    if (entry.outcome) return entry.outcome;
    const outcome = refusalOutcome(entry, stoppedRefusal(error.message), { startedAt: now, finishedAt: now });
    ctx.emit({ type: 'tool_result', runId: state.runId, record: outcome.record });
    return outcome;
  });
  ctx.emit({ type: 'error', runId: state.runId, error });
  return {
    update: {
      status: 'failed',
      error,
      messages: [...state.messages, ...outcomes.map((outcome) => outcome.message)],
      toolCalls: [...state.toolCalls, ...outcomes.map((outcome) => outcome.record)],
      batch: [],
      pendingReviews: [],
    },
    next: 'end',
  };
}
