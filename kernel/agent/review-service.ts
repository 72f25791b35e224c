// Human review of paused runs: lists what a reviewer may decide, records each decision once, and resumes the same run.
import type { ReviewDecision } from '../../shared/contracts/review-decision.ts';
import { matchesAny } from '../../shared/contracts/profile.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import { AppError, isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { Clock } from '../kit/clock.ts';
import type { IdentityResolver } from '../plugins/define-plugin.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AgentRunOutcome } from '../contracts/agent-run-service.ts';
import type { HarnessClient } from './harness-client.ts';
import type { ReviewRepository, ReviewRequestDoc } from './review-repository.ts';
import type { RunRecorder } from './run-recorder.ts';

export type DecisionInput = ReviewDecision & { readonly argumentsHash: string };

export interface ReviewService {
  list(viewer: Identity, filter: { status?: ReviewRequestDoc['status']; limit: number; offset: number }): Promise<ReviewRequestDoc[]>;
  decide(reviewer: Identity, runId: string, decisions: readonly DecisionInput[], correlationId: string): Promise<AgentRunOutcome>;
  /** Resumes every review past its expiry as rejected; returns how many. Run by the expiry step, never by a request. */
  expireDue(): Promise<number>;
}

export interface ReviewServiceDeps {
  readonly reviews: ReviewRepository;
  readonly audit: AuditRepository;
  readonly harness: HarnessClient;
  readonly recorder: RunRecorder;
  readonly identities: IdentityResolver;
  /** The tools a role may decide reviews for (profile `reviews` patterns). */
  readonly reviewPatterns: (role: string) => readonly string[] | undefined;
  readonly clock: Clock;
}

const SYSTEM_REVIEWER = 'system';

export function createReviewService(deps: ReviewServiceDeps): ReviewService {
  const now = () => deps.clock.now();
  const mayReview = (role: string, doc: ReviewRequestDoc) => doc.items.every((item) => matchesAny(deps.reviewPatterns(role), item.name));

  /** Records the decisions, re-resolves the requester and resumes the run; runs under the claim, which a failure gives back. */
  async function resume(doc: ReviewRequestDoc, reviewer: { userId: string; role: string }, decisions: readonly ReviewDecision[], correlationId: string) {
    const at = now();
    for (const d of decisions) {
      const detail = d.type === 'edit' ? { arguments: d.arguments } : d.type === 'reject' ? { reason: d.reason } : d.type === 'respond' ? { message: d.message } : null;
      await deps.audit.recordReviewDecision({
        _id: `${doc.runId}/${d.toolCallId}`, runId: doc.runId, toolCallId: d.toolCallId, decision: d.type,
        reviewerId: reviewer.userId, reviewerRole: reviewer.role, detail, decidedAt: at,
      });
    }
    const r = doc.requester;
    let requester: Identity;
    try {
      requester = await deps.identities.resolve(r.userId, r.tokenId);
    } catch (err) {
      if (!isAppError(err)) throw err;
      const gone = new AppError(err.code, err.status, `The requester can no longer act: ${err.message}`, err.details);
      const outcome = await deps.recorder.settleResumed(doc, gone);
      await deps.reviews.finish(doc._id);
      return outcome;
    }
    let ended: RunResult | AppError;
    try {
      ended = await deps.harness.resume(
        {
          runId: doc.runId,
          decisions: [...decisions],
          reviewer: { userId: reviewer.userId, role: reviewer.role, tokenId: requester.tokenId, sessionId: r.sessionId, correlationId },
          identity: { userId: requester.userId, role: requester.role, tokenId: requester.tokenId, sessionId: r.sessionId, correlationId: r.correlationId },
        },
        correlationId,
      );
    } catch (err) {
      // Unreached, the harness still holds the paused checkpoint: the review goes back to pending (the claim is released).
      if (!isAppError(err) || err.code === kernelErrors.harness_unavailable.code) throw err;
      ended = err;
    }
    const outcome = await deps.recorder.settleResumed(doc, ended, requester);
    await deps.reviews.finish(doc._id);
    return outcome;
  }

  return {
    async list(viewer, filter) {
      return deps.reviews.list({ ...filter, reviewable: deps.reviewPatterns(viewer.role), now: now() });
    },

    async decide(reviewer, runId, decisions, correlationId) {
      const doc = await deps.reviews.pendingFor(runId);
      if (!doc) {
        throw (await deps.reviews.latestFor(runId)) ? kernelErrors.review_already_decided({ runId }) : kernelErrors.review_not_found({ runId });
      }
      // Past its expiry the batch belongs to the expiry step, which resumes it as rejected; a late decision must not race it.
      if (doc.expiresAt <= now()) throw kernelErrors.review_already_decided({ runId }, 'The review expired; the run resumes as rejected.');
      if (!mayReview(reviewer.role, doc)) throw kernelErrors.review_forbidden({ tools: doc.items.map((i) => i.name) });
      const ids = new Set(decisions.map((d) => d.toolCallId));
      if (ids.size !== decisions.length || ids.size !== doc.items.length || doc.items.some((i) => !ids.has(i.toolCallId))) {
        throw kernelErrors.review_incomplete({ pending: doc.items.map((i) => i.toolCallId) });
      }
      for (const d of decisions) {
        const item = doc.items.find((i) => i.toolCallId === d.toolCallId)!;
        if (item.argumentsHash !== d.argumentsHash) throw kernelErrors.review_arguments_changed({ toolCallId: d.toolCallId });
      }
      const plain = decisions.map(({ argumentsHash: _hash, ...d }) => d as ReviewDecision);
      const outcome = await deps.reviews.underClaim(doc._id, 'deciding', reviewer.userId, now(), (claimed) => resume(claimed, reviewer, plain, correlationId));
      if (outcome === null) throw kernelErrors.review_already_decided({ runId });
      return outcome;
    },

    async expireDue() {
      let count = 0;
      for (const doc of await deps.reviews.dueForExpiry(now())) {
        const rejections = doc.items.map((i): ReviewDecision => ({ toolCallId: i.toolCallId, type: 'reject', reason: 'The review expired before anyone decided.' }));
        const system = { userId: SYSTEM_REVIEWER, role: SYSTEM_REVIEWER };
        const outcome = await deps.reviews.underClaim(doc._id, 'expired', SYSTEM_REVIEWER, now(), (claimed) => resume(claimed, system, rejections, doc.requester.correlationId));
        if (outcome !== null) count++;
      }
      return count;
    },
  };
}
