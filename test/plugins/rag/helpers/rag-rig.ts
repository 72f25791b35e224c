// Boots the API process with a copy of plugins/rag and a fake scheduler; the test runs queued ingest tasks as the worker would.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { createKernel, type Kernel } from '../../../../kernel/boot/create-kernel.ts';
import { createApiServer, type ApiServer } from '../../../../kernel/http/create-api-server.ts';
import type { ExecutionContext } from '../../../../kernel/index.ts';
import type { RagServices } from '../../../../plugins/rag/svc/rag-services.ts';
import { createTestEnv, fixturePlugin, projectRoot } from '../../../helpers/test-env.ts';
import type { HeldTask } from '../../../fixtures/plugins/fake-scheduler/plugin.ts';
import { multipartBody, type FormPart } from './multipart.ts';

type InjectResponse = Awaited<ReturnType<ApiServer['app']['inject']>>;

export const RAG_PROFILE = path.join(projectRoot, 'test/plugins/rag/fixtures/rag-profile.yaml');

export interface RagRig {
  readonly kernel: Kernel;
  readonly server: ApiServer;
  readonly rag: RagServices;
  readonly held: HeldTask[];
  readonly dataDir: string;
  token(userId: string, role: string): Promise<string>;
  upload(token: string, file: { name: string; data: string | Buffer; type?: string }, fields?: Record<string, string>): Promise<InjectResponse>;
  request(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<InjectResponse>;
  /** Runs every queued task through its executor, as the worker would; returns the errors of those that failed. */
  runTasks(): Promise<unknown[]>;
  /** Stops the process early (a restart); the teardown does it otherwise. */
  close(): Promise<void>;
}

export async function startRagRig(
  t: { teardown(fn: () => unknown): void },
  options: { profile?: string; dataDir?: string; process?: 'api' | 'mcp' } = {},
): Promise<RagRig> {
  const te = await createTestEnv(t, { env: { ...ragSettings(), NEXUS_RUNTIME_PROFILE_PATH: options.profile ?? RAG_PROFILE, ...(options.dataDir ? { NEXUS_DATA_DIR: options.dataDir } : {}) } });
  await cp(path.join(projectRoot, 'plugins/rag'), path.join(te.pluginsDir, 'rag'), { recursive: true });
  await cp(fixturePlugin('fake-scheduler'), path.join(te.pluginsDir, 'fake-scheduler'), { recursive: true });
  const kernel = await createKernel({ process: options.process ?? 'api', env: te.env, watchProfile: false });
  const server = await createApiServer(kernel);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await server.close();
      await kernel.close();
    })();
    return closing;
  };
  t.teardown(close);
  const loaded = server.host.loaded('rag');
  if (loaded === undefined) throw new Error(`rag did not load: ${JSON.stringify(server.host.status())}`);
  const rag = loaded.services as RagServices;
  const held = (server.host.loaded('fake-scheduler')!.services as { held: HeldTask[] }).held;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    kernel, server, rag, held, dataDir: (te.env.NEXUS_DATA_DIR as string),
    token: async (userId, role) => (await kernel.tokens.create({ userId, role })).token,
    upload(token, file, fields = {}) {
      const parts: FormPart[] = [
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'file', value: file.data, filename: file.name, contentType: file.type ?? 'application/octet-stream' },
      ];
      const body = multipartBody(parts);
      return server.app.inject({ method: 'POST', url: '/api/rag/documents', headers: { ...auth(token), ...body.headers }, payload: body.payload });
    },
    request: (token, method, url, payload) =>
      server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) }),
    async runTasks() {
      const failures: unknown[] = [];
      for (const task of held.filter((h) => !h.done)) {
        task.done = true;
        const executor = server.host.registry.executors.get(task.view.kind)!;
        const ctx: ExecutionContext = {
          taskId: task.view.id, scheduledFor: new Date(task.view.nextRunAt!), idempotencyKey: `${task.view.id}@${task.view.nextRunAt}`,
          identity: task.identity, logger: pino({ level: 'silent' }), signal: new AbortController().signal,
        };
        await executor.execute(task.view.payload, ctx).catch((err: unknown) => failures.push(err));
      }
      return failures;
    },
    close,
  };
}

/** The RAG_* settings a test file chose (it sets them before booting); the plugin reads them from the kernel's env. */
export function ragSettings(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('RAG_')));
}
