// One benchmark worker process: the scheduler's real claim loop with a no-op executor; "go" starts it, "stop" stops it.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { Type } from 'typebox';
import { systemClock, systemTimers, type AccessPolicy, type ExecutorRegistry, type IdentityResolver, type ScheduledTaskExecutor } from 'nexus/kernel';
import { createStore } from '../../shared/store/index.ts';
import { randomIds } from '../../plugins/scheduler/infra/ids.ts';
import { createRunRepository } from '../../plugins/scheduler/infra/run-repository.ts';
import { createTaskRepository } from '../../plugins/scheduler/infra/task-repository.ts';
import { createSchedulerServices } from '../../plugins/scheduler/svc/scheduler-services.ts';

export interface BenchWorkerOptions {
  readonly workerId: string;
  readonly dataDir: string;
  readonly mongodbUri?: string;
  readonly mongodbDbName?: string;
  readonly concurrency: number;
  readonly pollMs: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as BenchWorkerOptions;
const store = await createStore({ dataDir: options.dataDir, mongodbUri: options.mongodbUri, mongodbDbName: options.mongodbDbName });

// Executions are counted in memory, not stored, so the figures measure the scheduler and not the executor.
const executed: string[] = [];
const noop: ScheduledTaskExecutor = {
  kind: 'bench.noop',
  description: 'Does nothing.',
  payloadSchema: Type.Object({}),
  validate: async () => undefined,
  execute: async (_payload, ctx) => {
    executed.push(ctx.taskId);
    // Progress for the parent, which would otherwise have to poll the store it is measuring.
    process.stdout.write('x\n');
    return { summary: 'ok' };
  },
};
const executors: ExecutorRegistry = { get: (kind) => (kind === noop.kind ? noop : undefined), list: () => [noop] };
const identities: IdentityResolver = { resolve: async (userId, tokenId) => ({ userId, tokenId, role: 'operator', via: 'service' }) };
const access: AccessPolicy = { hasRole: () => true, mayUseTool: () => true, hasPermission: () => false };

const { worker } = createSchedulerServices({
  tasks: createTaskRepository(store), runs: createRunRepository(store), ids: randomIds, clock: systemClock, timers: systemTimers,
  executors, identities, access, logger: pino({ level: 'silent' }),
  worker: { workerId: options.workerId, pollMs: options.pollMs, concurrency: options.concurrency, leaseMs: 30_000 },
});

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const expect = async (word: string) => {
  for (let line = await lines.next(); !line.done; line = await lines.next()) if (line.value.trim() === word) return;
  throw new Error(`stdin ended before "${word}"`);
};
process.stdout.write('ready\n');
await expect('go');
await worker.start();
await expect('stop');
await worker.stop();
await store.close();
process.stdout.write(`${JSON.stringify({ workerId: options.workerId, executed })}\n`);
process.exit(0);
