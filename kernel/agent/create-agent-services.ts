// Builds the agent-run and review services over one process's kernel services.
import type { Logger } from 'pino';
import { createAuditRepository } from '../audit/audit-repository.ts';
import type { DocumentStore } from '../../shared/store/port.ts';
import type { NexusConfig } from '../config/load-config.ts';
import type { IdentityResolver } from '../plugins/define-plugin.ts';
import type { ProfileSource } from '../profile/profile-source.ts';
import type { AgentRunService } from '../contracts/agent-run-service.ts';
import type { Clock, Timers } from '../kit/clock.ts';
import { createAgentRunService } from './agent-run-service.ts';
import { createHarnessClient } from './harness-client.ts';
import { createReviewRepository } from './review-repository.ts';
import { startReviewExpiry } from './review-expiry.ts';
import { createReviewService, type ReviewService } from './review-service.ts';
import { createRunRecorder } from './run-recorder.ts';
import { createSessionRepository } from './session-repository.ts';
import { createSessionGate } from './session-gate.ts';
import { createSessionTurns } from './session-turns.ts';
import { createRunCancelService, type RunCancelService } from './run-cancel-service.ts';
import type { AccessPolicy } from '../identity/identity.ts';
import type { BusyPolicy } from '../../shared/contracts/profile-sections.ts';

export interface AgentServices {
  readonly runner: AgentRunService;
  readonly reviews: ReviewService;
  readonly cancels: RunCancelService;
  /** Starts resuming expired reviews in the background (the API process does); returns the stop. */
  startReviewExpiry(): () => void;
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
  clock: Clock & Timers;
}): Promise<AgentServices> {
  const { clock } = deps;
  const harness = createHarnessClient({ baseUrl: deps.config.harnessUrl, serviceSecret: deps.serviceSecret, timeoutMs: deps.config.harnessTimeoutMs });
  const audit = await createAuditRepository(deps.store);
  const reviewRepo = await createReviewRepository(deps.store);
  const sessions = await createSessionRepository(deps.store);
  const turns = await createSessionTurns(deps.store);
  const gate = createSessionGate({
    turns,
    leaseMs: deps.config.sessionLeaseMs,
    pollMs: deps.config.sessionPollMs,
    maxWaitMs: deps.config.harnessTimeoutMs,
    // Leases are renewed and queues polled on real timers, so they are measured in real time too.
    now: () => new Date(),
  });
  const recorder = createRunRecorder({ audit, sessions, reviews: reviewRepo, reviewTtlMs: deps.config.reviewTtlHours * 3_600_000, gate, logger: deps.logger, clock });
  // The cancel service ends runs the runner's interrupt policy stops; the runner is built first and reaches it late.
  let cancels: RunCancelService | undefined;
  const runner = createAgentRunService({
    harness,
    sessions,
    gate,
    recorder,
    busyPolicy: (channel) => busyPolicyOf(deps.profile, channel),
    interrupt: (turn, by) => cancels!.interrupt(turn, by),
    clock,
  });
  cancels = createRunCancelService({ turns, gate, reviews: reviewRepo, harness, recorder, access: deps.access, clock });
  const reviews = createReviewService({
    reviews: reviewRepo,
    audit,
    harness,
    recorder,
    identities: deps.identities,
    reviewPatterns: (role) => deps.profile.current().roles[role]?.reviews,
    clock,
  });
  return { runner, reviews, cancels, startReviewExpiry: () => startReviewExpiry({ reviews, timers: clock, logger: deps.logger }) };
}
