// Applies a reviewer's decisions to a paused run: all of them checked first, then applied together, each exactly once.
import type { ResumeRequest, ReviewDecision } from '../../shared/contracts/review-decision.ts';
import type { Refusal, ReviewNote } from '../../shared/contracts/tool-call-record.ts';
import type { SchemaIssue } from '../../shared/errors/schema-check.ts';
import type { RunPolicy } from '../tools/run-policy.ts';
import type { ToolCatalog } from '../tools/tool-registry.ts';
import { checkToolCall } from './check-tool-call.ts';
import { harnessErrors } from './harness-errors.ts';
import { RESUME_NODE, type BatchEntry, type RunState, type ToolOutcome } from './run-state.ts';
import { refusalOutcome, replyOutcome } from './tool-outcome.ts';

interface DecisionDeps {
  catalog: ToolCatalog;
  policy: RunPolicy;
  now: number;
}

/** Problems with the decision set as a whole, before any single decision is looked at; each at the decision it concerns. */
function setIssues(state: RunState, decisions: readonly ReviewDecision[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const pending = new Map(state.pendingReviews.map((review) => [review.toolCallId, review]));
  const seen = new Set<string>();
  decisions.forEach((decision, i) => {
    const path = `/decisions/${i}`;
    const review = pending.get(decision.toolCallId);
    if (seen.has(decision.toolCallId)) issues.push({ path, message: `more than one decision for ${decision.toolCallId}` });
    else if (!review) {
      const already = state.decidedToolCallIds.includes(decision.toolCallId);
      issues.push({ path, message: `${decision.toolCallId} ${already ? 'was already decided' : 'is not a pending call of this run'}` });
    } else if (review.kind === 'human_input' && (decision.type === 'approve' || decision.type === 'edit')) {
      issues.push({ path, message: `${decision.toolCallId} is a question to the human; answer it with respond (or reject it)` });
    }
    seen.add(decision.toolCallId);
  });
  for (const id of pending.keys()) if (!seen.has(id)) issues.push({ path: '/decisions', message: `no decision for pending call ${id}` });
  return issues;
}

/** Edited arguments meet the same schema as the model's own; a reviewer who mistyped can send the decision again. */
function checkEdit(entry: BatchEntry, args: Record<string, unknown>, state: RunState, deps: DecisionDeps, at: string): SchemaIssue[] {
  const check = checkToolCall({ name: entry.call.name, arguments: args }, deps.catalog, state);
  if (check.ok) return [];
  const lead = `edited arguments for ${entry.call.id} are refused`;
  const argumentIssues = (check.refusal.details as { issues?: SchemaIssue[] } | undefined)?.issues;
  if (!argumentIssues?.length) return [{ path: at, message: `${lead}: ${check.refusal.message}` }];
  return argumentIssues.map((issue) => ({ path: `${at}/arguments${issue.path}`, message: `${lead}: ${issue.path || '/'}: ${issue.message}` }));
}

/**
 * Approval does not outrank policy: the user's role may have lost the tool while the run waited, so each approved or
 * edited call is judged again under the current policy, and a denied one is answered with the refusal instead of run.
 */
async function recheck(entry: BatchEntry, args: Record<string, unknown>, state: RunState, deps: DecisionDeps): Promise<Refusal | undefined> {
  const verdict = await deps.policy.evaluateCall({ identity: state.identity, skill: state.skill, toolName: entry.call.name, arguments: args });
  return verdict.action === 'deny' ? { code: verdict.code, message: verdict.reason } : undefined;
}

function decide(entry: BatchEntry, decision: ReviewDecision, reviewerId: string | undefined, askedByModel: boolean, now: number) {
  const note: ReviewNote = { decision: decision.type };
  if (reviewerId !== undefined) note.reviewerId = reviewerId;
  const timing = { startedAt: now, finishedAt: now };
  switch (decision.type) {
    case 'approve':
      return { ...entry, phase: 'allowed' as const, review: note };
    case 'edit':
      return { ...entry, phase: 'allowed' as const, arguments: decision.arguments, review: note };
    case 'reject': {
      const reviewed = { ...entry, review: { ...note, reason: decision.reason } };
      const message = `A human reviewer rejected this call; it was not run. Reason: ${decision.reason}`;
      return { ...reviewed, phase: 'done' as const, outcome: refusalOutcome(reviewed, { code: 'rejected_by_reviewer', message }, timing) };
    }
    case 'respond': {
      const reviewed = { ...entry, review: { ...note, message: decision.message } };
      return { ...reviewed, phase: 'done' as const, outcome: replyOutcome(reviewed, decision.message, askedByModel, timing) };
    }
  }
}

/**
 * Returns the state to checkpoint before the run continues, and the outcomes the decisions produced directly.
 * Throws harnessErrors.invalid_review_decision listing every issue, and then nothing is applied.
 */
export async function applyReviewDecisions(
  state: RunState,
  request: ResumeRequest,
  deps: DecisionDeps,
): Promise<{ state: RunState; outcomes: ToolOutcome[] }> {
  const issues = setIssues(state, request.decisions);
  const byId = new Map(request.decisions.map((decision) => [decision.toolCallId, decision]));
  if (issues.length === 0) {
    for (const entry of state.batch) {
      const decision = byId.get(entry.call.id);
      if (entry.phase !== 'awaiting_review' || decision?.type !== 'edit') continue;
      issues.push(...checkEdit(entry, decision.arguments, state, deps, `/decisions/${request.decisions.indexOf(decision)}`));
    }
  }
  if (issues.length > 0) throw harnessErrors.invalid_review_decision({ issues }, issues.map((issue) => issue.message).join('; '));

  const kinds = new Map(state.pendingReviews.map((review) => [review.toolCallId, review.kind]));
  const outcomes: ToolOutcome[] = [];
  const batch: BatchEntry[] = [];
  for (const entry of state.batch) {
    const decision = byId.get(entry.call.id);
    if (entry.phase !== 'awaiting_review' || !decision) {
      batch.push(entry);
      continue;
    }
    let decided: BatchEntry = decide(entry, decision, request.reviewer?.userId, kinds.get(entry.call.id) === 'human_input', deps.now);
    const refusal = decided.phase === 'allowed' ? await recheck(decided, decided.arguments ?? {}, state, deps) : undefined;
    if (refusal) decided = { ...decided, phase: 'done', outcome: refusalOutcome(decided, refusal, { startedAt: deps.now, finishedAt: deps.now }) };
    if (decided.outcome) outcomes.push(decided.outcome);
    batch.push(decided);
  }
  const next: RunState = {
    ...state,
    batch,
    status: 'running',
    node: RESUME_NODE,
    pendingReviews: [],
    decidedToolCallIds: [...state.decidedToolCallIds, ...byId.keys()],
    step: state.step + 1,
    updatedAt: deps.now,
  };
  return { state: next, outcomes };
}
