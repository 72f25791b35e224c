// The one config mechanism: a table of environment variables is read, defaulted and validated with TypeBox; a bad value stops start-up naming the variable.
import path from 'node:path';
import type { Static, TSchema } from 'typebox';
import { schemaIssues } from '../errors/schema-check.ts';

export interface ConfigVar {
  readonly env: string;
  readonly schema: TSchema;
  readonly default?: string;
  readonly description: string;
  /** Never printed, logged or shown in errors. */
  readonly secret?: boolean;
  /** A path, resolved against the working directory. */
  readonly path?: boolean;
}

export type ConfigOf<V extends Record<string, ConfigVar>> = {
  readonly [K in keyof V]: V[K] extends { default: string } ? Static<V[K]['schema']> : Static<V[K]['schema']> | undefined;
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

/** Reads `vars` from `env`; relative paths resolve against `cwd`. */
export function loadConfigFrom<V extends Record<string, ConfigVar>>(vars: V, env: NodeJS.ProcessEnv, cwd: string): ConfigOf<V> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(vars)) {
    const given = env[spec.env];
    const raw = given !== undefined && given !== '' ? given : spec.default;
    if (raw === undefined) continue;
    const value = parseRaw((spec.schema as { type?: string }).type, raw);
    const [first] = schemaIssues(spec.schema, value, { redact: spec.secret === true }) ?? [];
    if (first) throw new ConfigError(spec.env, `is not valid: ${first.message}`);
    out[key] = spec.path ? path.resolve(cwd, value as string) : value;
  }
  return Object.freeze(out) as ConfigOf<V>;
}
