// Several processes race to claim the same tasks through one embedded data folder; each task must be claimed exactly once.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

const WORKER = fileURLToPath(new URL('./fixtures/claim-worker.ts', import.meta.url));
const TASKS = 300;
const WORKERS = 3;

interface Worker {
  readonly name: string;
  readonly child: ChildProcessByStdio<Writable, Readable, null>;
  readonly lines: AsyncIterator<string>;
}

async function nextLine(worker: Worker): Promise<string> {
  const { value, done } = await worker.lines.next();
  if (done) throw new Error(`${worker.name} ended its output early`);
  return value;
}

t.test('processes claiming through findOneAndUpdate never share or lose a task', async (t) => {
  const dataDir = await tempDirFor(t, 'nexus-multiprocess-');
  const store = createEmbeddedStore({ dataDir });
  t.teardown(() => store.close());
  const tasks = store.collection('claim_tasks');
  await tasks.createIndex({ status: 1, n: 1 });
  await tasks.insertMany(Array.from({ length: TASKS }, (_, n) => ({ n, status: 'ready' })));

  const workers: Worker[] = Array.from({ length: WORKERS }, (_, i) => {
    const name = `worker-${i}`;
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, dataDir, name], { stdio: ['pipe', 'pipe', 'inherit'] });
    return { name, child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
  });
  t.teardown(() => {
    for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill();
  });

  for (const worker of workers) t.equal(await nextLine(worker), 'ready', `${worker.name} opened the store`);
  const started = Date.now();
  for (const { child } of workers) child.stdin.end('go\n');
  const reports = await Promise.all(
    workers.map(async (worker) => {
      const report = JSON.parse(await nextLine(worker)) as { worker: string; claimed: number[] };
      const [code] = (await once(worker.child, 'exit')) as [number | null];
      t.equal(code, 0, `${worker.name} exited cleanly`);
      return report;
    }),
  );

  const all = reports.flatMap((report) => report.claimed);
  t.equal(all.length, TASKS, 'claims add up to the number of tasks');
  t.equal(new Set(all).size, TASKS, 'no task claimed twice, none lost');
  const stored = await tasks.find({}, { projection: { _id: 0, n: 1, status: 1, claimedBy: 1 } }).toArray();
  const claimer = new Map(reports.flatMap((report) => report.claimed.map((n) => [n, report.worker] as const)));
  t.strictSame(stored.filter((task) => task.status !== 'claimed' || task.claimedBy !== claimer.get(task.n as number)), [], 'every stored claim names the process that got it');
  t.comment(`claims per process: ${reports.map((report) => `${report.worker}=${report.claimed.length}`).join(', ')} in ${Date.now() - started} ms`);
});
