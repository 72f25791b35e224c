// The scheduler.goal task kind: a request in plain words, run through the agent as its owner when due; the harness picks the route.
import { AppError, kernelErrors, type AccessPolicy, type AgentRunOutcome, type AgentRunService, type ExecutionResult, type Identity, type ScheduledTaskExecutor } from 'nexus/kernel';
import { GOAL_TASK_KIND, GoalPayload } from '../domain/goal.ts';
import { errors } from '../errors.ts';

/** The permission the API's run route asks for: a goal may do no more than its owner could by asking. */
const RUN_PERMISSION = 'agent.run';
const ANSWER_LIMIT = 1000;
const SUMMARY_ANSWER_LIMIT = 200;

const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/**
 * A run that waits for human review has done its part: the review queue holds the paused calls and a reviewer finishes
 * the run there, so the occurrence succeeds as `awaiting_review` with the run id to find it. A failed run fails the
 * occurrence with the agent's own error code. A completed answer that no tool of the run backs (the agent offered
 * tools and called none that succeeded) fails it too: "the lights are off" from a model that never called the device
 * tool is exactly the made-up success a run history must not show as done.
 */
function goalRunResult(outcome: AgentRunOutcome): ExecutionResult {
  const ids = { runId: outcome.runId, sessionId: outcome.sessionId };
  if (outcome.status === 'completed' && outcome.notice !== null) {
    throw errors.scheduler_goal_ungrounded({ ...ids, answer: clip(outcome.answer ?? '', SUMMARY_ANSWER_LIMIT) }, `Agent run ${outcome.runId}: ${outcome.notice}`);
  }
  if (outcome.status === 'completed') {
    const answer = outcome.answer ?? '';
    return { summary: `Done: ${clip(answer, SUMMARY_ANSWER_LIMIT)}`, data: { status: 'completed', ...ids, answer: clip(answer, ANSWER_LIMIT) } };
  }
  if (outcome.status === 'interrupted') {
    const pending = (outcome.result?.pendingReviews ?? []).map((review) => ({ toolCallId: review.toolCallId, name: review.name }));
    const tools = [...new Set(pending.map((review) => review.name))].join(', ');
    return { summary: `Waiting for review of ${tools || 'a call'} in agent run ${outcome.runId}`, data: { status: 'awaiting_review', ...ids, pendingReviews: pending } };
  }
  const error = outcome.error ?? { code: kernelErrors.internal_error.code, message: kernelErrors.internal_error.message };
  throw new AppError(error.code, 502, `Agent run ${outcome.runId} failed: ${error.message}`, ids);
}

export function createGoalExecutor(deps: { readonly agentRuns: AgentRunService; readonly access: AccessPolicy }): ScheduledTaskExecutor<typeof GoalPayload> {
  const ensureMayRun = (identity: Identity) => {
    if (!deps.access.hasPermission(identity.role, RUN_PERMISSION)) {
      throw kernelErrors.forbidden({ permission: RUN_PERMISSION }, `The role "${identity.role}" may not run the agent (${RUN_PERMISSION}), which goal tasks need.`);
    }
  };
  // No retry policy, so each occurrence runs once: an agent run may act before it fails, and a second one would act again.
  // For the same reason the run is not given up when the worker's signal aborts: the harness would carry on with it anyway.
  return {
    kind: GOAL_TASK_KIND,
    description: 'Runs a request in plain words through the agent as the task owner; the agent picks the platform and tools.',
    payloadSchema: GoalPayload,
    async validate(_payload, ctx) {
      ensureMayRun(ctx.identity);
    },
    async execute(payload, ctx) {
      // The owner's role may have lost the permission since the task was created.
      ensureMayRun(ctx.identity);
      const outcome = await deps.agentRuns.run(ctx.identity, {
        message: payload.goal,
        correlationId: `scheduler:${ctx.idempotencyKey}`,
        ...(payload.sessionId === undefined ? {} : { sessionId: payload.sessionId }),
      });
      ctx.logger.info({ runId: outcome.runId, status: outcome.status }, 'scheduled goal ran through the agent');
      return goalRunResult(outcome);
    },
  };
}
