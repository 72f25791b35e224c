// The background step that resumes reviews past their expiry as rejected: a timer of the API process, never a request.
import type { Logger } from 'pino';
import type { Timers } from '../kit/clock.ts';
import type { ReviewService } from './review-service.ts';

/** How often the step looks; a review is resumed at most this long after it expired. */
export const REVIEW_EXPIRY_EVERY_MS = 60_000;

/** Starts the step; returns its stop. Each copy of the API runs it: the claim lets one copy resume each review. */
export function startReviewExpiry(deps: { readonly reviews: Pick<ReviewService, 'expireDue'>; readonly timers: Timers; readonly logger: Logger }): () => void {
  let stopped = false;
  let cancel = deps.timers.after(REVIEW_EXPIRY_EVERY_MS, tick);
  async function tick(): Promise<void> {
    try {
      await deps.reviews.expireDue();
    } catch (err) {
      deps.logger.error({ err }, 'expiring reviews failed');
    }
    if (!stopped) cancel = deps.timers.after(REVIEW_EXPIRY_EVERY_MS, tick);
  }
  return () => {
    stopped = true;
    cancel();
  };
}
