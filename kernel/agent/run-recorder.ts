// Settles a run, new or resumed: its audit record, the review it opens, the session's answer, the session's turn and the listeners, in that order.
import type { Logger } from 'pino';
import { groundingNotice, type RunResult } from '../../shared/contracts/run-result.ts';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { Clock } from '../kit/clock.ts';
import type { Identity } from '../identity/identity.ts';
import type { AgentRunListener, AgentRunOutcome } from '../contracts/agent-run-service.ts';
import { activeTraceId } from '../../shared/telemetry/spans.ts';
import type { ReviewRepository, ReviewRequestDoc } from './review-repository.ts';
import type { SessionRepository } from './session-repository.ts';
import type { SessionGate } from './session-gate.ts';
import { toRunRecord, toToolCallDocs, type RunBoundary } from './run-audit.ts';

export interface RunRecorderDeps {
  readonly audit: AuditRepository;
  readonly sessions: SessionRepository;
  readonly reviews: ReviewRepository;
  readonly reviewTtlMs: number;
  readonly gate: SessionGate;
  /** Where a failing outcome listener is reported. */
  readonly logger: Logger;
  readonly clock: Clock;
}

export interface RunRecorder {
  /**
   * Records what a run came to: the harness's result, or the error that stands in for it (the harness not reached,
   * the run cancelled before it started).
   */
  settle(run: RunBoundary, requester: Identity, ended: RunResult | AppError): Promise<AgentRunOutcome>;
  /**
   * The same for a run that went on from its review (a decision, its expiry, a cancel), told to listeners as resumed;
   * the requester is the one the review stored unless the caller re-resolved them.
   */
  settleResumed(review: ReviewRequestDoc, ended: RunResult | AppError, requester?: Identity): Promise<AgentRunOutcome>;
  /** See AgentRunService.onSettled. */
  onSettled(listener: AgentRunListener): () => void;
}

function outcomeOf(run: Pick<RunBoundary, 'runId' | 'identity'>, ended: RunResult | AppError): AgentRunOutcome {
  const result = isAppError(ended) ? null : ended;
  const error = isAppError(ended) ? ended : ended.error;
  return {
    runId: run.runId,
    sessionId: run.identity.sessionId,
    status: result?.status ?? 'failed',
    answer: result?.answer ?? null,
    result,
    error: error ? { code: error.code, message: error.message } : null,
    notice: groundingNotice(result),
  };
}

/** Who cancelled the run: the harness's `cancelled` error (the same code as ours) says so in its details, as does the API's for a run stopped before it started. */
function cancelledByOf(ended: RunResult | AppError): string | undefined {
  const error = isAppError(ended) ? ended : ended.error;
  if (error?.code !== kernelErrors.cancelled.code) return undefined;
  const by = (error.details as { cancelledBy?: { userId?: unknown } } | undefined)?.cancelledBy?.userId;
  return typeof by === 'string' ? by : undefined;
}

export function createRunRecorder(deps: RunRecorderDeps): RunRecorder {
  const listeners = new Set<AgentRunListener>();

  async function tell(userId: string, resumed: boolean, outcome: AgentRunOutcome): Promise<void> {
    for (const listener of [...listeners]) {
      try {
        await listener({ userId, resumed, outcome });
      } catch (err) {
        deps.logger.error({ err, runId: outcome.runId }, 'an agent-run listener failed');
      }
    }
  }

  async function openReview(run: RunBoundary, requester: Identity, result: RunResult, at: Date): Promise<void> {
    await deps.reviews.open({
      _id: `${run.runId}/${result.pendingReviews![0]!.toolCallId}`,
      runId: run.runId,
      input: run.input,
      runStartedAt: run.startedAt,
      requester: { userId: requester.userId, role: requester.role, tokenId: requester.tokenId, sessionId: run.identity.sessionId, correlationId: run.identity.correlationId },
      items: result.pendingReviews!,
      createdAt: at,
      expiresAt: new Date(at.getTime() + deps.reviewTtlMs),
    });
  }

  async function settle(run: RunBoundary, requester: Identity, ended: RunResult | AppError, resumed: boolean): Promise<AgentRunOutcome> {
    const finishedAt = deps.clock.now();
    const outcome = outcomeOf(run, ended);
    const cancelledBy = cancelledByOf(ended);
    const { result } = outcome;
    try {
      await deps.audit.recordRun(toRunRecord(run, finishedAt, outcome, cancelledBy), result ? toToolCallDocs(run.runId, result) : []);
    } catch (err) {
      // Left holding the session, the next message would wait for a lease that no one renews.
      await deps.gate.release(run.runId, 'failed', false).catch(() => undefined);
      throw err;
    }
    if (result?.status === 'interrupted' && result.pendingReviews?.length) await openReview(run, requester, result, finishedAt);
    if (result?.status === 'completed' && result.answer !== undefined) {
      await deps.sessions.append(run.identity.sessionId, requester.userId, [{ role: 'assistant', content: result.answer, runId: run.runId }], finishedAt);
    }
    await deps.gate.release(run.runId, outcome.status, cancelledBy !== undefined);
    await tell(requester.userId, resumed, outcome);
    return outcome;
  }

  return {
    settle: (run, requester, ended) => settle(run, requester, ended, false),
    settleResumed(review, ended, requester) {
      const r = review.requester;
      // The audit record keeps the run's first start across its pauses.
      const run: RunBoundary = { runId: review.runId, identity: r, input: review.input, traceId: activeTraceId() ?? null, startedAt: review.runStartedAt };
      return settle(run, requester ?? { userId: r.userId, role: r.role, tokenId: r.tokenId, via: 'service' }, ended, true);
    },
    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
