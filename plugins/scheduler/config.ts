// The plugin's one reader of process.env: worker concurrency and lease length, validated with TypeBox.
import { Type } from 'typebox';
import { Value } from 'typebox/value';

const VARS = {
  NEXUS_SCHEDULER_CONCURRENCY: { schema: Type.Integer({ minimum: 1, maximum: 256 }), default: '4' },
  NEXUS_SCHEDULER_LEASE_MS: { schema: Type.Integer({ minimum: 1000, maximum: 3_600_000 }), default: '30000' },
} as const;

export interface SchedulerConfig {
  /** Runs one worker process executes at once. */
  readonly concurrency: number;
  /** How long a claim holds without a heartbeat; heartbeats renew it every third of this. */
  readonly leaseMs: number;
}

class SchedulerConfigError extends Error {
  constructor(variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'SchedulerConfigError';
  }
}

export function loadSchedulerConfig(env: NodeJS.ProcessEnv = process.env): SchedulerConfig {
  const read = (name: keyof typeof VARS): number => {
    const spec = VARS[name];
    const raw = env[name] !== undefined && env[name] !== '' ? env[name] : spec.default;
    const value = /^\d+$/.test(raw) ? Number(raw) : raw;
    const problem = Value.Errors(spec.schema, value)[0];
    if (problem !== undefined) throw new SchedulerConfigError(name, `${problem.message} (got ${JSON.stringify(raw)})`);
    return value as number;
  };
  return { concurrency: read('NEXUS_SCHEDULER_CONCURRENCY'), leaseMs: read('NEXUS_SCHEDULER_LEASE_MS') };
}
