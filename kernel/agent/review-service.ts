// Human review of paused runs: lists what a reviewer may decide, records each decision once, and resumes the same run.
import { activeTraceId } from '../../shared/telemetry/spans.ts';
import type { ReviewDecision } from '../../shared/contracts/review-decision.ts';
import { matchesAny } from '../../shared/contracts/profile.ts';
import { isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { IdentityResolver } from '../plugins/define-plugin.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AgentRunOutcome } from '../contracts/agent-run-service.ts';
import type { AgentRunner } from './agent-run-service.ts';
import type { HarnessClient } from './harness-client.ts';
import type { ReviewRepository, ReviewRequestDoc } from './review-repository.ts';

export type DecisionInput = ReviewDecision & { readonly argumentsHash: string };

export interface ReviewService {
  list(viewer: Identity, filter: { status?: ReviewRequestDoc['status']; limit: number; offset: number }): Promise<ReviewRequestDoc[]>;
  decide(reviewer: Identity, runId: string, decisions: readonly DecisionInput[], correlationId: string): Promise<AgentRunOutcome>;
  /** Resumes every review past its expiry as rejected; returns how many. */
  expireDue(): Promise<number>;
}

export interface ReviewServiceDeps {
  readonly reviews: ReviewRepository;
  readonly audit: AuditRepository;
  readonly harness: HarnessClient;
  readonly runner: AgentRunner;
  readonly identities: IdentityResolver;
  /** The tools a role may decide reviews for (profile `reviews` patterns). */
  readonly reviewPatterns: (role: string) => readonly string[] | undefined;
  readonly now?: () => Date;
}

const SYSTEM_REVIEWER = 'system';

export function createReviewService(deps: ReviewServiceDeps): ReviewService {
  const now = deps.now ?? (() => new Date());
  const mayReview = (role: string, doc: ReviewRequestDoc) => doc.items.every((item) => matchesAny(deps.reviewPatterns(role), item.name));

  /** Records the decisions, re-resolves the requester and resumes the run; the claim is already held. */
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
    const boundary = { runId: doc.runId, identity: r, input: doc.input, traceId: activeTraceId() ?? null, startedAt: doc.runStartedAt, finishedAt: at };
    let requester: Identity;
    try {
      requester = await deps.identities.resolve(r.userId, r.tokenId);
    } catch (err) {
      if (!isAppError(err)) throw err;
      const outcome = await deps.runner.settle(boundary, { ...r, via: 'service' }, { error: { code: err.code, message: `The requester can no longer act: ${err.message}` } }, true);
      await deps.reviews.finish(doc._id);
      return outcome;
    }
    let result;
    try {
      result = {
        result: await deps.harness.resume(
          {
            runId: doc.runId,
            decisions: [...decisions],
            reviewer: { userId: reviewer.userId, role: reviewer.role, tokenId: requester.tokenId, sessionId: r.sessionId, correlationId },
            identity: { userId: requester.userId, role: requester.role, tokenId: requester.tokenId, sessionId: r.sessionId, correlationId: r.correlationId },
          },
          correlationId,
        ),
      };
    } catch (err) {
      // Unreached, the harness still holds the paused checkpoint: the review goes back to pending (the caller releases it).
      if (!isAppError(err) || err.code === kernelErrors.harness_unavailable.code) throw err;
      result = { error: { code: err.code, message: err.message } };
    }
    const outcome = await deps.runner.settle(boundary, requester, result, true);
    await deps.reviews.finish(doc._id);
    return outcome;
  }

  /** A claim that fails on the way (store down, harness not reached) is given back, so the review is not stuck in `deciding`. */
  async function resumeOrRelease(doc: ReviewRequestDoc, reviewer: { userId: string; role: string }, decisions: readonly ReviewDecision[], correlationId: string) {
    try {
      return await resume(doc, reviewer, decisions, correlationId);
    } catch (err) {
      await deps.reviews.release(doc._id).catch(() => undefined);
      throw err;
    }
  }

  const service: ReviewService = {
    async list(viewer, filter) {
      await service.expireDue();
      const docs = await deps.reviews.list(filter);
      return docs.filter((d) => mayReview(viewer.role, d));
    },

    async decide(reviewer, runId, decisions, correlationId) {
      await service.expireDue();
      const doc = await deps.reviews.pendingFor(runId);
      if (!doc) {
        throw (await deps.reviews.latestFor(runId)) ? kernelErrors.review_already_decided({ runId }) : kernelErrors.review_not_found({ runId });
      }
      if (!mayReview(reviewer.role, doc)) throw kernelErrors.review_forbidden({ tools: doc.items.map((i) => i.name) });
      const ids = new Set(decisions.map((d) => d.toolCallId));
      if (ids.size !== decisions.length || ids.size !== doc.items.length || doc.items.some((i) => !ids.has(i.toolCallId))) {
        throw kernelErrors.review_incomplete({ pending: doc.items.map((i) => i.toolCallId) });
      }
      for (const d of decisions) {
        const item = doc.items.find((i) => i.toolCallId === d.toolCallId)!;
        if (item.argumentsHash !== d.argumentsHash) throw kernelErrors.review_arguments_changed({ toolCallId: d.toolCallId });
      }
      const claimed = await deps.reviews.claim(doc._id, 'deciding', reviewer.userId, now());
      if (!claimed) throw kernelErrors.review_already_decided({ runId });
      const plain = decisions.map(({ argumentsHash: _hash, ...d }) => d as ReviewDecision);
      return resumeOrRelease(claimed, reviewer, plain, correlationId);
    },

    async expireDue() {
      let count = 0;
      for (const doc of await deps.reviews.dueForExpiry(now())) {
        const claimed = await deps.reviews.claim(doc._id, 'expired', SYSTEM_REVIEWER, now());
        if (!claimed) continue;
        const rejections = doc.items.map((i): ReviewDecision => ({ toolCallId: i.toolCallId, type: 'reject', reason: 'The review expired before anyone decided.' }));
        await resumeOrRelease(claimed, { userId: SYSTEM_REVIEWER, role: SYSTEM_REVIEWER }, rejections, doc.requester.correlationId);
        count++;
      }
      return count;
    },
  };
  return service;
}
