// The harness process's environment variables, read once at start-up through the shared config mechanism.
import path from 'node:path';
import { Type } from 'typebox';
import { loadConfigFrom, type ConfigOf, type ConfigVar } from '../../shared/config/load-config.ts';
import { commonConfigVars } from '../../shared/config/common-vars.ts';

export const harnessConfigVars = {
  ...commonConfigVars,
  host: { env: 'NEXUS_HARNESS_HOST', schema: Type.String({ minLength: 1 }), default: '127.0.0.1', description: 'Interface the harness binds to (loopback: only the API calls it).' },
  port: { env: 'NEXUS_HARNESS_PORT', schema: Type.Integer({ minimum: 0, maximum: 65535 }), default: '9011', description: 'Harness HTTP port (runs, streams, resumes, status).' },
  skillRoots: { env: 'NEXUS_SKILL_ROOTS', schema: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }), default: 'skills/public,skills/custom,plugins', description: 'Comma-separated folders searched for <folder>/<name>/SKILL.md; a skill in a folder named custom overrides one of the same name elsewhere.' },
  watch: { env: 'NEXUS_HARNESS_WATCH', schema: Type.Boolean(), default: 'true', description: 'Reload skills and the profile when their files change.' },
  checkpointTtlHours: { env: 'NEXUS_CHECKPOINT_TTL_HOURS', schema: Type.Integer({ minimum: 1 }), default: '168', description: 'How long a run can be resumed or looked up after its last step, in hours.' },
  toolTimeoutMs: { env: 'NEXUS_TOOL_TIMEOUT_MS', schema: Type.Integer({ minimum: 1 }), default: '60000', description: 'Deadline of one tool call when the run request sets none.' },
  mcpIdleMs: { env: 'NEXUS_MCP_CLIENT_IDLE_MS', schema: Type.Integer({ minimum: 1000 }), default: '300000', description: 'An MCP client (one per server and user credential) unused this long is closed.' },
  bodyLimit: { env: 'NEXUS_HARNESS_BODY_LIMIT', schema: Type.Integer({ minimum: 1024 }), default: '4194304', description: 'Largest accepted JSON body, in bytes.' },
} as const satisfies Record<string, ConfigVar>;

export type HarnessConfig = ConfigOf<typeof harnessConfigVars> & { readonly skillRoots: readonly string[] };

/** Skill roots are a list of paths, which the shared loader does not resolve, so it happens here against the same `cwd`. */
export function loadHarnessConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): HarnessConfig {
  const config = loadConfigFrom(harnessConfigVars, env, cwd);
  return Object.freeze({ ...config, skillRoots: config.skillRoots.map((root) => path.resolve(cwd, root)) });
}
