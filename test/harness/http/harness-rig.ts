// Boots the whole harness service for HTTP tests: temp profile and skills, a real MCP server, the scripted model server, the embedded store.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import type { RunStreamEvent } from '../../../shared/contracts/stream-event.ts';
import { loadHarnessConfig, type HarnessConfig } from '../../../harness/config/harness-config.ts';
import type { ReloadReport } from '../../../harness/runtime/snapshot-source.ts';
import { startHarness, type RunningHarness, type StartOptions } from '../../../harness/runtime/start-harness.ts';
import { startMcpTestServer, type McpTestServer, type TestTool } from '../../helpers/mcp-test-server.ts';
import { startScriptedModelServer, type ScriptedModelServer, type ServerStep } from '../../helpers/scripted-model-server.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { writeSkill } from '../skills/skill-files.ts';

export const SECRET = 'harness-test-secret-0123456789-abcdef';

export const member = { userId: 'user-1', role: 'member', tokenId: 'token-1', sessionId: 'session-1', correlationId: 'corr-1' };
export const reviewer = { userId: 'rev-1', role: 'member', tokenId: 'token-r', sessionId: 'session-r', correlationId: 'corr-r' };

export const NOTE_TOOLS: TestTool[] = [
  { name: 'notes_read', description: 'Reads a note.', fields: ['id'], annotations: { readOnlyHint: true }, run: (args) => ({ content: [{ type: 'text', text: `note ${args.id}` }], structuredContent: { id: args.id } }) },
  { name: 'notes_delete', description: 'Deletes a note.', fields: ['id'], run: (args) => ({ content: [{ type: 'text', text: `deleted ${args.id}` }] }) },
];

export function profileText(options: { model?: string; extra?: string[]; memberTools?: string } = {}): string {
  return [
    'version: test-1',
    'roles:',
    `  member: { permissions: [], tools: [${options.memberTools ?? '"notes_*"'}], reviewRequired: ["notes_delete"] }`,
    '  reader: { permissions: [], tools: ["notes_read"] }',
    ...(options.model === undefined ? [] : ['model:', '  provider: openai', `  baseUrl: ${options.model}`, '  model: scripted', '  maxRetries: 0']),
    ...(options.extra ?? []),
  ].join('\n');
}

export interface Rig {
  harness: RunningHarness;
  mcp: McpTestServer;
  model: ScriptedModelServer;
  config: HarnessConfig;
  profilePath: string;
  skillRoot: string;
  post(path: string, body: unknown, token?: string | null): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string, token?: string | null): Promise<{ status: number; body: any }>;
  stream(path: string, body: unknown): Promise<{ status: number; events: RunStreamEvent[]; body?: any }>;
  nextReload(predicate: (report: ReloadReport) => boolean): Promise<ReloadReport>;
  /** Closes this harness and starts another on the same data folder and files, as after a process restart. */
  restart(): Promise<void>;
}

function headers(token: string | null): Record<string, string> {
  const out: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) out.authorization = `Bearer ${token}`;
  return out;
}

function parseEvents(text: string): RunStreamEvent[] {
  return text
    .split('\n\n')
    .map((record) => record.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)) as RunStreamEvent);
}

export async function startRig(
  t: { teardown(fn: () => unknown): void },
  options: { script?: ServerStep[]; withModel?: boolean; profile?: (modelUrl: string) => string; start?: StartOptions } = {},
): Promise<Rig> {
  const dir = await tempDirFor(t, 'nexus-harness-');
  const skillRoot = path.join(dir, 'skills');
  await writeSkill(skillRoot, 'notes', { description: 'Reads and deletes notes.', allowedTools: ['notes_*'], body: 'Use the notes tools.' });
  const mcp = await startMcpTestServer({ secret: SECRET, tools: NOTE_TOOLS });
  const model = await startScriptedModelServer(options.script ?? []);
  const profilePath = path.join(dir, 'profile.yaml');
  const profile = options.profile ?? ((url: string) => profileText(options.withModel === false ? {} : { model: url }));
  await writeFile(profilePath, profile(model.openaiBaseUrl));
  const config = loadHarnessConfig(
    {
      NEXUS_HARNESS_PORT: '0',
      NEXUS_DATA_DIR: path.join(dir, 'data'),
      NEXUS_SERVICE_SECRET: SECRET,
      NEXUS_MCP_URL: mcp.url,
      NEXUS_RUNTIME_PROFILE_PATH: profilePath,
      NEXUS_SKILL_ROOTS: skillRoot,
      NEXUS_LOG_LEVEL: 'silent',
    },
    dir,
  );
  const start = () => startHarness(config, { logger: pino({ level: 'silent' }), ...options.start });
  let harness = await start();
  t.teardown(async () => {
    await harness.close();
    await mcp.close();
    await model.close();
  });
  const rig: Rig = {
    get harness() {
      return harness;
    },
    mcp,
    model,
    config,
    profilePath,
    skillRoot,
    async post(route, body, token = SECRET) {
      const res = await fetch(`${harness.url}${route}`, { method: 'POST', headers: headers(token), body: JSON.stringify(body) });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async get(route, token = SECRET) {
      const res = await fetch(`${harness.url}${route}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
      return { status: res.status, body: await res.json() };
    },
    async stream(route, body) {
      const res = await fetch(`${harness.url}${route}`, { method: 'POST', headers: headers(SECRET), body: JSON.stringify(body) });
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { status: res.status, events: [], body: JSON.parse(text) };
      return { status: res.status, events: parseEvents(text) };
    },
    nextReload(predicate) {
      return new Promise((resolve) => {
        const stop = harness.snapshots.onReload((report) => {
          if (!predicate(report)) return;
          stop();
          resolve(report);
        });
      });
    },
    async restart() {
      await harness.close();
      harness = await start();
    },
  };
  return rig;
}

let counter = 0;
export function runRequest(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { runId: `http-run-${counter}`, threadId: 'thread-http', messages: [{ role: 'user', content: 'please help' }], identity: member, ...overrides };
}
