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
import { createSessionGate } from './session-gate.ts';
import { createSessionTurns } from './session-turns.ts';
import { createRunCancelService, type RunCancelService } from './run-cancel-service.ts';
import type { AccessPolicy } from '../identity/identity.ts';
import type { BusyPolicy } from '../../shared/contracts/profile-sections.ts';

export interface AgentServices {
  readonly runner: AgentRunner;
  readonly reviews: ReviewService;
  readonly cancels: RunCancelService;
}

/** A conversation channel queues a second message by default; the bare API refuses it, so a script learns its session is busy. */
export function busyPolicyOf(profile: Pick<ProfileSource, 'current'>, channel: string | undefined): BusyPolicy {
  const sessions = profile.current().sessions;
  return channel === undefined ? (sessions?.api ?? 'reject') : (sessions?.channels?.[channel] ?? 'enqueue');
}

export async function createAgentServices(deps: {
  store: DocumentStore;
  config: NexusConfig;
  serviceSecret: string;
  identities: IdentityResolver;
  profile: Pick<ProfileSource, 'current'>;
  access: Pick<AccessPolicy, 'hasPermission'>;
  logger: Logger;
}): Promise<AgentServices> {
  const harness = createHarnessClient({ baseUrl: deps.config.harnessUrl, serviceSecret: deps.serviceSecret, timeoutMs: deps.config.harnessTimeoutMs });
  const audit = await createAuditRepository(deps.store);
  const reviewRepo = await createReviewRepository(deps.store);
  const turns = await createSessionTurns(deps.store);
  const gate = createSessionGate({
    turns,
    leaseMs: deps.config.sessionLeaseMs,
    pollMs: deps.config.sessionPollMs,
    maxWaitMs: deps.config.harnessTimeoutMs,
    now: () => new Date(),
  });
  // The cancel service needs the runner to record a paused run it ends; the runner needs it for the interrupt policy.
  let cancels: RunCancelService | undefined;
  const runner = createAgentRunService({
    harness,
    audit,
    sessions: await createSessionRepository(deps.store),
    reviews: reviewRepo,
    reviewTtlMs: deps.config.reviewTtlHours * 3_600_000,
    gate,
    busyPolicy: (channel) => busyPolicyOf(deps.profile, channel),
    interrupt: (turn, by) => cancels!.interrupt(turn, by),
    logger: deps.logger,
  });
  cancels = createRunCancelService({ turns, gate, reviews: reviewRepo, harness, runner, access: deps.access });
  const reviews = createReviewService({
    reviews: reviewRepo,
    audit,
    harness,
    runner,
    identities: deps.identities,
    reviewPatterns: (role) => deps.profile.current().roles[role]?.reviews,
  });
  return { runner, reviews, cancels };
}
