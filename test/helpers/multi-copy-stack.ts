// Starts two copies of the API, Operations MCP and harness as separate processes over one MongoDB wire-protocol server,
// with the Dige simulator and a scripted model; harness A talks to MCP A and API A to harness A (B likewise).
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { createKernel, type Kernel } from '../../kernel/boot/create-kernel.ts';
import { apiClient, type ApiClient } from './api-client.ts';
import { uniqueDbName, type MongoTestServer } from './ferretdb.ts';
import { freePort } from './free-port.ts';
import { eventually } from './launcher.ts';
import { startScriptedModelServer, type RecordedRequest, type ServerTurn } from './scripted-model-server.ts';
import { createTestEnv, projectRoot } from './test-env.ts';

export type Copy = 'a' | 'b';

export interface CopyUrls {
  readonly api: string;
  readonly mcp: string;
  readonly harness: string;
}

export interface MultiCopyStack {
  readonly copies: Record<Copy, CopyUrls>;
  readonly simUrl: string;
  readonly dbName: string;
  /** A kernel in the test process over the same store and profile, for tokens and direct reads. */
  readonly kernel: Kernel;
  readonly model: { readonly requests: readonly RecordedRequest[]; respond(responder: (request: RecordedRequest) => ServerTurn | Promise<ServerTurn>): void };
  token(userId: string, role: string): Promise<string>;
  /** A client of one API copy. */
  api(copy: Copy, token: string): ApiClient;
  output(name: string): readonly string[];
}

const SECRET = 'multi-copy-e2e-secret-0123456789abcdef';

function startProcess(name: string, script: string, env: NodeJS.ProcessEnv, lines: Map<string, string[]>, t: { teardown(fn: () => unknown): void }): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  lines.set(name, out);
  createInterface({ input: child.stdout! }).on('line', (line) => out.push(line));
  createInterface({ input: child.stderr! }).on('line', (line) => out.push(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  return child;
}

async function healthy(url: string, what: string): Promise<void> {
  await eventually(async () => ((await fetch(url).catch(() => undefined))?.ok ? true : undefined), what, 60_000);
}

export async function startMultiCopyStack(t: { teardown(fn: () => unknown): void }, server: MongoTestServer): Promise<MultiCopyStack> {
  let responder: (request: RecordedRequest) => ServerTurn | Promise<ServerTurn> = () => ({ fail: { status: 500, message: 'no responder' } });
  const modelServer = await startScriptedModelServer((request) => responder(request));
  t.teardown(() => modelServer.close());
  const te = await createTestEnv(t);
  for (const name of ['dige']) await cp(path.join(projectRoot, 'plugins', name), path.join(te.pluginsDir, name), { recursive: true });
  const profile = parse(await readFile(path.join(projectRoot, 'profile/profile.yaml'), 'utf8')) as Record<string, unknown>;
  profile.model = { provider: 'openai', baseUrl: modelServer.openaiBaseUrl, model: 'scripted', maxRetries: 0 };
  const profilePath = path.join(te.dataDir, 'profile.yaml');
  await writeFile(profilePath, stringify(profile));
  const dbName = uniqueDbName('nexus_multi');
  const simPort = await freePort();
  const base: NodeJS.ProcessEnv = {
    ...te.env,
    MONGODB_URI: server.uri,
    MONGODB_DB: dbName,
    NEXUS_SERVICE_SECRET: SECRET,
    NEXUS_RUNTIME_PROFILE_PATH: profilePath,
    NEXUS_SKILL_ROOTS: te.pluginsDir,
    NEXUS_WATCH_PLUGINS: 'false',
    NEXUS_HARNESS_WATCH: 'false',
    NEXUS_LOG_LEVEL: 'warn',
    DIGE_SIM_PORT: String(simPort),
    DIGE_SIM_APPLY_DELAY_MS: '50',
    DIGE_VERIFY_POLL_MS: '20',
  };
  const lines = new Map<string, string[]>();
  const simUrl = `http://127.0.0.1:${simPort}`;
  startProcess('dige-sim', path.join(te.pluginsDir, 'dige/sim/main.ts'), base, lines, t);

  const copies = {} as Record<Copy, CopyUrls>;
  for (const copy of ['a', 'b'] as const) {
    const [apiPort, mcpPort, harnessPort] = [await freePort(), await freePort(), await freePort()];
    copies[copy] = { api: `http://127.0.0.1:${apiPort}`, mcp: `http://127.0.0.1:${mcpPort}/mcp`, harness: `http://127.0.0.1:${harnessPort}` };
  }
  for (const copy of ['a', 'b'] as const) {
    const urls = copies[copy];
    const env: NodeJS.ProcessEnv = {
      ...base,
      NEXUS_API_PORT: new URL(urls.api).port,
      NEXUS_MCP_PORT: new URL(urls.mcp).port,
      NEXUS_MCP_URL: urls.mcp,
      NEXUS_HARNESS_PORT: new URL(urls.harness).port,
      NEXUS_HARNESS_URL: urls.harness,
    };
    startProcess(`mcp-${copy}`, path.join(projectRoot, 'kernel/main/mcp.ts'), env, lines, t);
    startProcess(`harness-${copy}`, path.join(projectRoot, 'harness/main.ts'), env, lines, t);
    startProcess(`api-${copy}`, path.join(projectRoot, 'kernel/main/api.ts'), env, lines, t);
  }
  await healthy(`${simUrl}/admin/state`, 'the Dige simulator');
  for (const copy of ['a', 'b'] as const) {
    await healthy(new URL('/health', copies[copy].mcp).href, `MCP ${copy}`);
    await healthy(`${copies[copy].harness}/health`, `harness ${copy}`);
    await healthy(`${copies[copy].api}/health`, `API ${copy}`);
  }
  const kernel = await createKernel({ process: 'cli', env: { ...base, NEXUS_LOG_LEVEL: 'warn' }, watchProfile: false });
  t.teardown(() => kernel.close());
  return {
    copies,
    simUrl,
    dbName,
    kernel,
    model: { requests: modelServer.requests, respond: (next) => void (responder = next) },
    token: async (userId, role) => (await kernel.tokens.create({ userId, role })).token,
    api: (copy, token) => apiClient(copies[copy].api, token),
    output: (name) => lines.get(name) ?? [],
  };
}
