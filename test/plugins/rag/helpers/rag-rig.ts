// Boots rag with the kit beside the shared fake scheduler; the test runs the queued ingest tasks as the worker would.
import path from 'node:path';
import pino from 'pino';
import type { ExecutionContext } from '../../../../kernel/index.ts';
import { startTestPlugin, type TestPlugin } from '../../../../kernel/testing/index.ts';
import rag from '../../../../plugins/rag/plugin.ts';
import type { RagServices } from '../../../../plugins/rag/svc/rag-services.ts';
import fakeScheduler, { type HeldTask } from '../../../fixtures/plugins/fake-scheduler/plugin.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { multipartBody, type FormPart } from './multipart.ts';

type InjectResponse = Awaited<ReturnType<NonNullable<TestPlugin<unknown>['api']>['app']['inject']>>;

export const RAG_PROFILE = path.join(projectRoot, 'test/plugins/rag/fixtures/rag-profile.yaml');

export interface RagRig extends TestPlugin<RagServices> {
  readonly held: HeldTask[];
  upload(token: string, file: { name: string; data: string | Buffer; type?: string }, fields?: Record<string, string>): Promise<InjectResponse>;
  /** Runs every queued task through its executor, as the worker would; returns the errors of those that failed. */
  runTasks(): Promise<unknown[]>;
}

export async function startRagRig(
  t: { teardown(fn: () => unknown): void },
  /** `process: 'mcp'` is a second kind of process over the same data; its routes stay mounted so the test can read through them. */
  options: { profile?: string; dataDir?: string; process?: 'api' | 'mcp' } = {},
): Promise<RagRig> {
  const plugin = await startTestPlugin(rag, {
    t, plugins: [fakeScheduler], env: ragSettings(), profile: options.profile ?? RAG_PROFILE, dataDir: options.dataDir, process: options.process, routes: true,
  });
  const held = plugin.servicesOf<{ held: HeldTask[] }>('fake-scheduler').held;
  return {
    ...plugin,
    held,
    upload(token, file, fields = {}) {
      const parts: FormPart[] = [
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'file', value: file.data, filename: file.name, contentType: file.type ?? 'application/octet-stream' },
      ];
      const body = multipartBody(parts);
      return plugin.request(token, 'POST', '/api/rag/documents', body.payload, body.headers);
    },
    async runTasks() {
      const failures: unknown[] = [];
      for (const task of held.filter((h) => !h.done)) {
        task.done = true;
        const executor = plugin.host.registry.executors.get(task.view.kind)!;
        const ctx: ExecutionContext = {
          taskId: task.view.id, scheduledFor: new Date(task.view.nextRunAt!), idempotencyKey: `${task.view.id}@${task.view.nextRunAt}`,
          identity: task.identity, logger: pino({ level: 'silent' }), signal: new AbortController().signal,
        };
        await executor.execute(task.view.payload, ctx).catch((err: unknown) => failures.push(err));
      }
      return failures;
    },
  };
}

/** The RAG_* settings a test file chose (it sets them before booting); the plugin reads them from the kernel's env. */
export function ragSettings(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('RAG_')));
}
