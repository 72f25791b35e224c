// What GET /status reports: profile version, model configuration, routes, skills, the last reload's problems, MCP servers and tools.
import type { ModelSettings } from '../../shared/contracts/model-settings.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { McpServerStatus } from '../mcp/mcp-client-pool.ts';
import { classifyTool, type ToolClass } from '../profile/tool-classification.ts';
import type { RuntimeSnapshot, SkillIndexEntry } from './runtime-snapshot.ts';
import type { ReloadReport } from './snapshot-source.ts';

export type ModelStatus =
  | { configured: true; provider: string; model: string; baseUrl: string; apiKeyEnv?: string; apiKeySet: boolean }
  | { configured: false; message: string };

export interface HarnessStatus {
  status: 'ok';
  profile: { path: string; version: string | number; generation: number; loadedAt: string };
  model: ModelStatus;
  routes: Array<{ name: string; description: string }>;
  skills: readonly SkillIndexEntry[];
  lastReload: ReloadReport;
  mcp: Array<Omit<McpServerStatus, 'tools'> & { tools: Array<{ name: string } & Omit<ToolClass, 'description'>> }>;
}

function withoutUserInfo(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return raw;
  }
}

/** The key itself is never shown: only the name of its variable and whether that variable is set. */
export function modelStatus(settings: ModelSettings | undefined, env: NodeJS.ProcessEnv = process.env): ModelStatus {
  if (!settings) return { configured: false, message: harnessErrors.model_not_configured.message };
  const baseUrl = withoutUserInfo(settings.baseUrl);
  const status: ModelStatus = { configured: true, provider: settings.provider, model: settings.model, baseUrl, apiKeySet: true };
  if (settings.apiKeyEnv !== undefined) {
    status.apiKeyEnv = settings.apiKeyEnv;
    status.apiKeySet = (env[settings.apiKeyEnv] ?? '') !== '';
  }
  return status;
}

export function harnessStatus(input: { snapshot: RuntimeSnapshot; profilePath: string; lastReload: ReloadReport; mcp: McpServerStatus[] }): HarnessStatus {
  const { snapshot } = input;
  return {
    status: 'ok',
    profile: { path: input.profilePath, version: snapshot.profile.version, generation: snapshot.generation, loadedAt: snapshot.loadedAt },
    model: modelStatus(snapshot.profile.model),
    routes: (snapshot.profile.routes ?? []).map(({ name, description }) => ({ name, description })),
    skills: snapshot.index,
    lastReload: input.lastReload,
    // Each tool with the profile's classification of it, so whoever reads the status sees how runs will treat it.
    mcp: input.mcp.map((server) => ({
      ...server,
      tools: server.tools.map((name) => {
        const { description: _override, ...traits } = classifyTool(snapshot.profile, name);
        return { name, ...traits };
      }),
    })),
  };
}
