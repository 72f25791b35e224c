// Benchmark: 10,000 one-shot tasks drained by 1 and by 2 worker processes; throughput, lag from due to start, duplicates.
// Two scenarios: a backlog (all due when the workers start) and a steady stream (due evenly, below capacity).
// Run by hand: node --import tsx bench/scheduler/run.ts   (FerretDB too when NEXUS_TEST_MONGODB_URI is set)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { createStore, type DocumentStore } from '../../shared/store/index.ts';
import type { RunRecord, TaskRecord } from '../../plugins/scheduler/domain/task.ts';
import { RUNS, SCHEDULER_COLLECTIONS, TASKS } from '../../plugins/scheduler/infra/collections.ts';
import type { BenchWorkerOptions } from './worker.ts';

const TASK_COUNT = Number(process.env.BENCH_SCHEDULER_TASKS ?? 10_000);
// FerretDB 1.x filters and sorts the claim query outside its index, so each claim costs time in proportion to the
// collection; the default there is smaller so a run ends in minutes (BENCH_SCHEDULER_FERRETDB_TASKS to change it).
const FERRETDB_TASK_COUNT = Number(process.env.BENCH_SCHEDULER_FERRETDB_TASKS ?? 500);
const CONCURRENCY = 4;
const POLL_MS = 1000;
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** The steady stream: tasks fall due evenly over this long, starting once every worker is surely up. */
const STREAM_MS = 40_000;
const STREAM_START_MS = 15_000;

interface Backend {
  readonly name: string;
  open(): Promise<{ store: DocumentStore; worker: Pick<BenchWorkerOptions, 'dataDir' | 'mongodbUri' | 'mongodbDbName'>; dispose(): Promise<void> }>;
}

const embedded: Backend = {
  name: 'embedded',
  async open() {
    const dataDir = await mkdtemp(join(tmpdir(), 'nexus-bench-scheduler-'));
    const store = await createStore({ dataDir });
    return { store, worker: { dataDir }, dispose: async () => { await store.close(); await rm(dataDir, { recursive: true, force: true }); } };
  },
};

function mongo(uri: string): Backend {
  return {
    name: 'ferretdb',
    async open() {
      const mongodbDbName = `nexus_bench_${process.pid}_${Date.now()}`;
      const store = await createStore({ dataDir: '.', mongodbUri: uri, mongodbDbName });
      return {
        store,
        worker: { dataDir: '.', mongodbUri: uri, mongodbDbName },
        dispose: async () => {
          await store.close();
          const client = new MongoClient(uri);
          await client.db(mongodbDbName).dropDatabase();
          await client.close();
        },
      };
    },
  };
}

function task(i: number, due: Date): TaskRecord {
  return {
    _id: `tsk_bench_${i}`, kind: 'bench.noop', title: `bench ${i}`, payload: {}, schedule: { type: 'once', at: due.toISOString() },
    missedRuns: { policy: 'coalesce' }, owner: { userId: 'bench', tokenId: 'tok_bench' }, status: 'active', createdVia: 'api',
    nextRunAt: due, dueAt: due, lease: null, fencingToken: 0, attempt: 0, runCount: 0, failedRunCount: 0, lastRunAt: null, lastOutcome: null,
    createdAt: due, updatedAt: due,
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function measure(backend: Backend, workers: number, count: number, streamMs: number) {
  const { store, worker, dispose } = await backend.open();
  try {
    for (const c of SCHEDULER_COLLECTIONS) {
      for (const index of c.indexes ?? []) await store.collection(c.name).createIndex({ ...index.key }, index.unique ? { unique: true, name: index.name } : { name: index.name });
    }
    const first = Date.now() + (streamMs > 0 ? STREAM_START_MS : 0);
    const dueOf = (i: number) => new Date(first + Math.floor((i * streamMs) / count));
    const tasks = store.collection<TaskRecord>(TASKS);
    for (let i = 0; i < count; i += 1000) await tasks.insertMany(Array.from({ length: Math.min(1000, count - i) }, (_, j) => task(i + j, dueOf(i + j))));

    const children = Array.from({ length: workers }, (_, i) => {
      const options: BenchWorkerOptions = { workerId: `bench-${i}`, concurrency: CONCURRENCY, pollMs: POLL_MS, ...worker };
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
      return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
    });
    const nextLine = async (c: (typeof children)[number]) => (await c.lines.next()).value as string;
    for (const c of children) if ((await nextLine(c)) !== 'ready') throw new Error('a worker did not start');
    let executions = 0;
    let allExecuted!: () => void;
    const executedAll = new Promise<void>((resolve) => (allExecuted = resolve));
    const reports = children.map(async (c) => {
      for (let line = await nextLine(c); ; line = await nextLine(c)) {
        if (line !== 'x') {
          await once(c.child, 'exit');
          return JSON.parse(line) as { workerId: string; executed: string[] };
        }
        if (++executions === count) allExecuted();
      }
    });
    const goAt = Date.now();
    for (const c of children) c.child.stdin.write('go\n');
    await executedAll;
    // The last task finishes right after its execution; polling the store only now keeps it out of the measurement.
    while ((await tasks.countDocuments({ status: 'completed' })) < count) await new Promise((resolve) => setTimeout(resolve, 500));
    for (const c of children) c.child.stdin.end('stop\n');
    const finished = await Promise.all(reports);

    const runs = await store.collection<RunRecord>(RUNS).find({}, { projection: { scheduledFor: 1, startedAt: 1, finishedAt: 1 } }).toArray();
    const lastFinish = Math.max(...runs.map((r) => r.finishedAt?.getTime() ?? 0));
    const lags = runs.map((r) => r.startedAt.getTime() - Math.max(r.scheduledFor.getTime(), goAt)).sort((a, b) => a - b);
    const executed = finished.flatMap((r) => r.executed);
    const startAt = Math.max(goAt, first);
    return {
      backend: backend.name,
      scenario: streamMs > 0 ? `stream over ${streamMs / 1000} s` : 'backlog',
      workers,
      tasks: count,
      seconds: (lastFinish - startAt) / 1000,
      tasksPerSecond: Math.round(count / ((lastFinish - startAt) / 1000)),
      lagMedianMs: quantile(lags, 0.5),
      lagP99Ms: quantile(lags, 0.99),
      duplicates: executed.length - new Set(executed).size,
      runRecords: runs.length,
      perWorker: finished.map((r) => r.executed.length),
    };
  } finally {
    await dispose();
  }
}

// FerretDB runs the backlog only: it cannot keep up with the stream's rate.
const scenarios: [Backend, number, number][] = [[embedded, TASK_COUNT, 0], [embedded, TASK_COUNT, STREAM_MS]];
if (process.env.NEXUS_TEST_MONGODB_URI) scenarios.push([mongo(process.env.NEXUS_TEST_MONGODB_URI), FERRETDB_TASK_COUNT, 0]);
console.log(`scheduler: concurrency ${CONCURRENCY} per worker, poll ${POLL_MS} ms, no-op executor; lag = start - max(due, go)`);
for (const [backend, count, streamMs] of scenarios) {
  for (const workers of [1, 2]) {
    const r = await measure(backend, workers, count, streamMs);
    console.log(
      `${r.backend} ${r.scenario}, ${r.workers} worker(s): ${r.tasks} tasks in ${r.seconds.toFixed(1)} s = ${r.tasksPerSecond} tasks/s; ` +
        `lag median ${r.lagMedianMs} ms, p99 ${r.lagP99Ms} ms; duplicates ${r.duplicates}; run records ${r.runRecords}; per worker ${r.perWorker.join('/')}`,
    );
  }
}
