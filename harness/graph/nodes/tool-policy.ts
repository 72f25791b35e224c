// Node `tool_policy`: asks the run policy about each valid call; denies are answered, reviews pause the whole batch.
import type { PendingReview } from '../../../shared/contracts/review-decision.ts';
import { humanInputQuestion, REQUEST_HUMAN_INPUT } from '../../tools/builtins/index.ts';
import { toRunError } from '../harness-errors.ts';
import type { NodeContext } from '../node-context.ts';
import type { BatchEntry, NodeResult, RunState } from '../run-state.ts';
import { refusalOutcome } from '../tool-outcome.ts';

function pendingReview(entry: BatchEntry): PendingReview {
  const askedByModel = entry.call.name === REQUEST_HUMAN_INPUT;
  const review: PendingReview = {
    toolCallId: entry.call.id,
    name: entry.call.name,
    arguments: entry.arguments,
    kind: askedByModel ? 'human_input' : 'approval',
  };
  const question = askedByModel ? humanInputQuestion(entry.arguments) : undefined;
  if (question !== undefined) review.question = question;
  return review;
}

/**
 * Nothing in a batch runs while any call of it waits for a human: the calls stay in order, and a reviewer sees the
 * batch before any side effect of it happens.
 */
export async function toolPolicy(state: RunState, ctx: NodeContext): Promise<NodeResult> {
  const batch: BatchEntry[] = [];
  try {
    await decideEach(state, ctx, batch);
  } catch (err) {
    // Keep the refusals already announced; the fail node answers the calls not yet decided.
    return { update: { batch: [...batch, ...state.batch.slice(batch.length)], error: toRunError(err, 'tool_policy') }, next: 'fail' };
  }
  const pendingReviews = batch.filter((entry) => entry.phase === 'awaiting_review').map(pendingReview);
  if (pendingReviews.length === 0) return { update: { batch }, next: 'execute_tools' };
  ctx.emit({ type: 'interrupt', runId: state.runId, pendingReviews });
  return { update: { batch, pendingReviews }, next: 'interrupt' };
}

async function decideEach(state: RunState, ctx: NodeContext, batch: BatchEntry[]): Promise<void> {
  for (const entry of state.batch) {
    if (entry.phase !== 'checked') {
      batch.push(entry);
      continue;
    }
    if (entry.call.name === REQUEST_HUMAN_INPUT) {
      batch.push({ ...entry, phase: 'awaiting_review' });
      continue;
    }
    const verdict = await ctx.policy.evaluateCall({
      identity: state.identity,
      skill: state.skill,
      toolName: entry.call.name,
      arguments: entry.arguments ?? {},
    });
    if (verdict.action === 'allow') batch.push({ ...entry, phase: 'allowed' });
    else if (verdict.action === 'review') batch.push({ ...entry, phase: 'awaiting_review' });
    else {
      const now = ctx.now();
      const outcome = refusalOutcome(entry, { code: verdict.code, message: verdict.reason }, { startedAt: now, finishedAt: now });
      ctx.emit({ type: 'tool_result', runId: state.runId, record: outcome.record });
      batch.push({ ...entry, phase: 'done', outcome });
    }
  }
}
