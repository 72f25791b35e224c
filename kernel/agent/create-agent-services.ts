// Builds the agent-run and review services over one process's kernel services.
import type { Logger } from 'pino';
import { createAuditRepository } from '../audit/audit-repository.ts';
import type { DocumentStore } from '../../shared/store/port.ts';
import type { NexusConfig } from '../config/load-config.ts';
import type { IdentityResolver } from '../plugins/define-plugin.ts';
import type { ProfileSource } from '../profile/profile-source.ts';
import { createAgentRunService, type AgentRunner } from './agent-run-service.ts';
import { createHarnessClient } from './harness-client.ts';
import { createReviewRepository } from './review-repository.ts';
import { createReviewService, type ReviewService } from './review-service.ts';
import { createSessionRepository } from './session-repository.ts';

export interface AgentServices {
  readonly runner: AgentRunner;
  readonly reviews: ReviewService;
}

export async function createAgentServices(deps: {
  store: DocumentStore;
  config: NexusConfig;
  serviceSecret: string;
  identities: IdentityResolver;
  profile: Pick<ProfileSource, 'current'>;
  logger: Logger;
}): Promise<AgentServices> {
  const harness = createHarnessClient({ baseUrl: deps.config.harnessUrl, serviceSecret: deps.serviceSecret, timeoutMs: deps.config.harnessTimeoutMs });
  const audit = await createAuditRepository(deps.store);
  const reviewRepo = await createReviewRepository(deps.store);
  const runner = createAgentRunService({
    harness,
    audit,
    sessions: await createSessionRepository(deps.store),
    reviews: reviewRepo,
    reviewTtlMs: deps.config.reviewTtlHours * 3_600_000,
    logger: deps.logger,
  });
  const reviews = createReviewService({
    reviews: reviewRepo,
    audit,
    harness,
    runner,
    identities: deps.identities,
    reviewPatterns: (role) => deps.profile.current().roles[role]?.reviews,
  });
  return { runner, reviews };
}
