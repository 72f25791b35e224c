// The kernel's own services as typed refs: a plugin declares the ones it uses in `deps`, exactly like another plugin's service.
import type { Logger } from 'pino';
import type { DocumentStore } from '../../shared/store/port.ts';
import type { Profile } from '../../shared/contracts/profile.ts';
import type { NexusConfig } from '../config/load-config.ts';
import type { AccessPolicy } from '../identity/identity.ts';
import type { AgentRunService } from '../contracts/agent-run-service.ts';
import type { ExecutorRegistry } from '../contracts/scheduled-task-executor.ts';
import type { Clock, Timers } from '../kit/clock.ts';
import type { IdentityResolver } from './define-plugin.ts';
import { createServiceRef, type ResolvedDeps, type ServiceRef } from './service-ref.ts';

/** The runtime profile in force now: it may change between calls, so read it when needed and do not cache it. */
export interface ProfileReader {
  current(): Profile;
}

export interface PluginConfig {
  readonly kernel: NexusConfig;
  /** The environment the kernel booted with: read the plugin's own settings from here (loadConfigFrom), not process.env. */
  readonly env: NodeJS.ProcessEnv;
}

/** Wall time and timers in one service, so a test moves both with one ManualClock. */
export type ClockService = Clock & Timers;

/** The `core.` prefix is the kernel's: no plugin may provide a ref under it. */
export const CORE_PREFIX = 'core.';

export const coreServices = {
  store: createServiceRef<DocumentStore>('core.store'),
  /** A child of the kernel's logger that tags every line with the plugin's name. */
  logger: createServiceRef<Logger>('core.logger'),
  config: createServiceRef<PluginConfig>('core.config'),
  clock: createServiceRef<ClockService>('core.clock'),
  /** Asking about a permission that neither the plugin nor the kernel declares throws: a typo fails loudly. */
  access: createServiceRef<AccessPolicy>('core.access'),
  identities: createServiceRef<IdentityResolver>('core.identities'),
  /** Runs the agent for a user, with routing, permissions, review and audit, exactly as the API does. */
  agentRuns: createServiceRef<AgentRunService>('core.agentRuns'),
  profile: createServiceRef<ProfileReader>('core.profile'),
  /** Every loaded plugin's scheduled-task executors, live as plugins come and go. */
  executors: createServiceRef<ExecutorRegistry>('core.executors'),
} as const satisfies Record<string, ServiceRef<unknown>>;

export type CoreServices = ResolvedDeps<typeof coreServices>;

/** What the process hands the plugin host; the host derives the per-plugin logger, access policy and executor registry. */
export type KernelServices = Omit<CoreServices, 'executors'>;

export const isCoreRef = (ref: ServiceRef<unknown>) => ref.id.startsWith(CORE_PREFIX);

/** The core services one plugin receives, by ref id. */
export function coreServicesFor(kernel: KernelServices, plugin: { logger: Logger; access: AccessPolicy; executors: ExecutorRegistry }): ReadonlyMap<string, unknown> {
  const values: CoreServices = { ...kernel, ...plugin };
  return new Map(Object.entries(coreServices).map(([key, ref]) => [ref.id, values[key as keyof CoreServices]]));
}
