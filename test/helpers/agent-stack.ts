// Starts the whole product for one test file: the dev launcher's API, Operations MCP, harness, worker and Dige simulator,
// with the app's real profile whose model is a scripted OpenAI-wire server the test steers.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { createKernel, type Kernel } from '../../kernel/boot/create-kernel.ts';
import type { ModelSettings } from '../../shared/contracts/model-settings.ts';
import { apiClient, type ApiClient } from './api-client.ts';
import { freePort } from './free-port.ts';
import { eventually, startLauncher } from './launcher.ts';
import { startScriptedModelServer, type RecordedRequest, type ServerTurn } from './scripted-model-server.ts';
import { createTestEnv, projectRoot } from './test-env.ts';

/** May answer later (a promise), to hold a model request until the test has done something. */
export type ModelResponder = (request: RecordedRequest) => ServerTurn | Promise<ServerTurn>;

export interface AgentStackOptions {
  /** Plugin folders copied from plugins/ (default dige and scheduler). */
  readonly plugins?: readonly string[];
  /** Merged into the profile's model section (e.g. retry settings for fault tests). */
  readonly model?: Partial<ModelSettings>;
  /** Extra environment for every process. */
  readonly env?: NodeJS.ProcessEnv;
}

export interface AgentStack {
  readonly apiUrl: string;
  readonly mcpUrl: string;
  readonly harnessUrl: string;
  /** The Dige simulator's base URL (provider API and /admin). */
  readonly simUrl: string;
  /** The environment every process runs with: a kernel booted with it shares their store, secret and profile. */
  readonly env: NodeJS.ProcessEnv;
  readonly dataDir: string;
  readonly adminToken: string;
  /** The launcher's output so far (its own lines and every process's, prefixed). */
  readonly output: readonly string[];
  /** A kernel in the test process over the same store and profile: tokens, identities, the agent-run service. */
  readonly kernel: Kernel;
  readonly model: {
    /** Every request the harness sent to the model, in order. */
    readonly requests: readonly RecordedRequest[];
    /** Answers every following model request; until set, the model fails with 500. */
    respond(responder: ModelResponder): void;
  };
  /** Issues a token for a user with a role, as `nexus token create` does. */
  token(userId: string, role: string): Promise<string>;
  api(token: string): ApiClient;
  /** The simulator's current world (rooms, devices with their state, operations). */
  simState(): Promise<{ devices: { id: string; state: Record<string, unknown> }[] } & Record<string, unknown>>;
  stop(): Promise<void>;
}

const APP_PROFILE = path.join(projectRoot, 'profile/profile.yaml');

/** Quick settings for the simulator and verification, and no file watchers: nothing here edits plugins, skills or the profile. */
const STACK_ENV: NodeJS.ProcessEnv = {
  NEXUS_WATCH_PLUGINS: 'false',
  NEXUS_HARNESS_WATCH: 'false',
  DIGE_SIM_APPLY_DELAY_MS: '50',
  DIGE_VERIFY_POLL_MS: '20',
};

export async function startAgentStack(t: { teardown(fn: () => unknown): void }, options: AgentStackOptions = {}): Promise<AgentStack> {
  let responder: ModelResponder = () => ({ fail: { status: 500, message: 'the test set no model responder' } });
  const modelServer = await startScriptedModelServer((request) => responder(request));
  t.teardown(() => modelServer.close());

  const te = await createTestEnv(t);
  for (const name of options.plugins ?? ['dige', 'scheduler']) {
    await cp(path.join(projectRoot, 'plugins', name), path.join(te.pluginsDir, name), { recursive: true });
  }
  const profile = parse(await readFile(APP_PROFILE, 'utf8')) as Record<string, unknown>;
  profile.model = { provider: 'openai', baseUrl: modelServer.openaiBaseUrl, model: 'scripted', ...options.model };
  const profilePath = path.join(te.dataDir, 'profile.yaml');
  await writeFile(profilePath, stringify(profile));

  const simUrl = `http://127.0.0.1:${await freePort()}`;
  const launcher = await startLauncher(te, {
    ...STACK_ENV,
    NEXUS_RUNTIME_PROFILE_PATH: profilePath,
    DIGE_SIM_PORT: new URL(simUrl).port,
    ...options.env,
  });
  t.teardown(() => launcher.stop());
  if (launcher.output.some((line) => /NOT UP/.test(line))) throw new Error(`a process did not come up:\n${launcher.output.join('\n')}`);
  // The launcher does not wait for plugin helpers; the first Dige call must find the simulator listening.
  await eventually(async () => ((await fetch(`${simUrl}/admin/state`).catch(() => undefined))?.ok ? true : undefined), 'the Dige simulator');

  const kernel = await createKernel({ process: 'cli', env: { ...launcher.env, NEXUS_LOG_LEVEL: 'warn' }, watchProfile: false });
  t.teardown(() => kernel.close());

  return {
    apiUrl: launcher.apiUrl,
    mcpUrl: launcher.mcpUrl,
    harnessUrl: launcher.harnessUrl,
    simUrl,
    env: launcher.env,
    dataDir: te.dataDir,
    adminToken: launcher.adminToken,
    output: launcher.output,
    kernel,
    model: {
      requests: modelServer.requests,
      respond: (next) => {
        responder = next;
      },
    },
    token: async (userId, role) => (await kernel.tokens.create({ userId, role })).token,
    api: (token) => apiClient(launcher.apiUrl, token),
    simState: async () => (await fetch(`${simUrl}/admin/state`)).json() as ReturnType<AgentStack['simState']>,
    stop: async () => {
      await launcher.stop();
    },
  };
}
