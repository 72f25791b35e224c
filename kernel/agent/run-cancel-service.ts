// Cancelling a run: one not yet started is dropped from its session's queue, a running one is flagged for the harness, a paused one ends now.
import type { AccessPolicy, Identity } from '../identity/identity.ts';
import type { AgentRunOutcome } from '../contracts/agent-run-service.ts';
import { isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { HarnessClient } from './harness-client.ts';
import type { ReviewRepository } from './review-repository.ts';
import type { RunRecorder } from './run-recorder.ts';
import type { SessionGate } from './session-gate.ts';
import type { SessionTurns, TurnDoc } from './session-turns.ts';
import type { Clock } from '../kit/clock.ts';

/** The permission that lets a role cancel runs of other users; a run's own user may always cancel it. */
export const CANCEL_ANY_PERMISSION = 'runs.cancel.any';

/** `cancelled`: the run is over (its outcome when it was paused); `cancelling`: the harness stops it at its next node. */
export interface CancelOutcome {
  readonly runId: string;
  readonly status: 'cancelled' | 'cancelling';
  readonly outcome: AgentRunOutcome | null;
}

export interface RunCancelService {
  cancel(caller: Identity, runId: string, correlationId: string): Promise<CancelOutcome>;
  /** For the interrupt policy: stops a started or paused turn of the caller's own session. */
  interrupt(turn: TurnDoc, by: Identity): Promise<void>;
}

export interface RunCancelDeps {
  readonly turns: SessionTurns;
  readonly gate: SessionGate;
  readonly reviews: ReviewRepository;
  readonly harness: HarnessClient;
  readonly recorder: RunRecorder;
  readonly access: Pick<AccessPolicy, 'hasPermission'>;
  readonly clock: Clock;
}

export function createRunCancelService(deps: RunCancelDeps): RunCancelService {
  const now = () => deps.clock.now();

  /** The harness refuses a run it has no checkpoint of (not started there yet) or one already over: both mean there is nothing to stop. */
  async function askHarness(runId: string, by: Identity, correlationId: string) {
    try {
      return await deps.harness.cancel(runId, { by: { userId: by.userId, role: by.role } }, correlationId);
    } catch (err) {
      const code = isAppError(err) ? (err.details as { code?: string } | undefined)?.code : undefined;
      if (code === kernelErrors.run_not_active.code) throw kernelErrors.run_not_active({ runId });
      throw err;
    }
  }

  async function cancelPaused(turn: TurnDoc, by: Identity, correlationId: string): Promise<CancelOutcome> {
    const review = await deps.reviews.pendingFor(turn.runId);
    const cancelled = review && (await deps.reviews.underClaim(review._id, 'cancelled', by.userId, now(), async (claimed) => {
      const answer = await askHarness(turn.runId, by, correlationId);
      if (!answer.result) throw kernelErrors.harness_refused(undefined, 'The agent harness did not end the paused run.');
      // As resumed: the run's conversation hears how it ended, as it would after a decision.
      return deps.recorder.settleResumed(claimed, answer.result);
    }));
    if (!cancelled) throw kernelErrors.review_already_decided({ runId: turn.runId }, 'The run is being resumed by a review decision; it can no longer be cancelled.');
    return { runId: turn.runId, status: 'cancelled', outcome: cancelled };
  }

  async function stop(turn: TurnDoc, by: Identity, correlationId: string): Promise<CancelOutcome> {
    if (await deps.gate.cancelWaiting(turn, by.userId)) return { runId: turn.runId, status: 'cancelled', outcome: null };
    const current = await deps.turns.get(turn._id);
    if (current === null || current.state === 'settled') throw kernelErrors.run_not_active({ runId: turn.runId });
    if (current.state === 'paused') return cancelPaused(current, by, correlationId);
    await deps.turns.markCancelRequested(current._id, by.userId);
    const answer = await askHarness(current.runId, by, correlationId);
    return { runId: current.runId, status: answer.state, outcome: null };
  }

  return {
    async cancel(caller, runId, correlationId) {
      const turn = await deps.turns.byRun(runId);
      if (turn === null) throw kernelErrors.run_not_found({ runId });
      if (turn.userId !== caller.userId && !deps.access.hasPermission(caller.role, CANCEL_ANY_PERMISSION)) {
        // Someone else's run is not even confirmed to exist.
        throw kernelErrors.run_not_found({ runId });
      }
      return stop(turn, caller, correlationId);
    },
    async interrupt(turn, by) {
      try {
        await stop(turn, by, `interrupt-${turn.runId}`);
      } catch (err) {
        // Already over, or being resumed by a decision right now: the new message then simply waits for it.
        if (!isAppError(err) || (err.code !== kernelErrors.run_not_active.code && err.code !== kernelErrors.review_already_decided.code)) throw err;
      }
    },
  };
}
