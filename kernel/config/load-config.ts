// The one config loader: reads the environment, applies defaults, validates with TypeBox, and stops start-up naming the bad variable.
import path from 'node:path';
import { Value } from 'typebox/value';
import type { Static } from 'typebox';
import { configVars, type ConfigKey } from './config-vars.ts';

type Vars = typeof configVars;
export type NexusConfig = {
  readonly [K in ConfigKey]: Vars[K] extends { default: string } ? Static<Vars[K]['schema']> : Static<Vars[K]['schema']> | undefined;
};

export class ConfigError extends Error {
  constructor(readonly variable: string, reason: string) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

function parseRaw(schemaType: unknown, raw: string): unknown {
  switch (schemaType) {
    case 'integer':
    case 'number':
      return raw.trim() === '' || Number.isNaN(Number(raw)) ? raw : Number(raw);
    case 'boolean':
      if (/^(1|true|yes|on)$/i.test(raw)) return true;
      if (/^(0|false|no|off)$/i.test(raw)) return false;
      return raw;
    case 'array':
      return raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
    default:
      return raw;
  }
}

/** Loads config from `env` (process.env by default). Relative paths resolve against `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): NexusConfig {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(configVars) as [ConfigKey, (typeof configVars)[ConfigKey]][]) {
    const given = env[spec.env];
    const raw = given !== undefined && given !== '' ? given : 'default' in spec ? spec.default : undefined;
    if (raw === undefined) continue;
    const value = parseRaw((spec.schema as { type?: string }).type, raw);
    const firstError = Value.Errors(spec.schema, value)[0];
    if (firstError) {
      const shown = 'secret' in spec && spec.secret ? '' : ` (got ${JSON.stringify(raw)})`;
      throw new ConfigError(spec.env, `${firstError.message}${shown}`);
    }
    out[key] = value;
  }
  for (const key of ['dataDir', 'profilePath', 'pluginsDir'] as const) {
    out[key] = path.resolve(cwd, out[key] as string);
  }
  return Object.freeze(out) as NexusConfig;
}
