// The plugin's settings: worker concurrency and lease length, read through the kernel's config mechanism.
import { Type } from 'typebox';
import { loadConfigFrom, type ConfigVar } from 'nexus/kernel';

export const schedulerConfigVars = {
  concurrency: { env: 'NEXUS_SCHEDULER_CONCURRENCY', schema: Type.Integer({ minimum: 1, maximum: 256 }), default: '4', description: 'Scheduled runs one worker process executes at once.' },
  leaseMs: { env: 'NEXUS_SCHEDULER_LEASE_MS', schema: Type.Integer({ minimum: 1000, maximum: 3_600_000 }), default: '30000', description: 'Lease of a claimed run; heartbeats renew it every third of it, and a lapsed lease lets another worker take over.' },
} as const satisfies Record<string, ConfigVar>;

export interface SchedulerConfig {
  /** Runs one worker process executes at once. */
  readonly concurrency: number;
  /** How long a claim holds without a heartbeat; heartbeats renew it every third of this. */
  readonly leaseMs: number;
}

export function loadSchedulerConfig(env: NodeJS.ProcessEnv = process.env): SchedulerConfig {
  return loadConfigFrom(schedulerConfigVars, env, process.cwd());
}
