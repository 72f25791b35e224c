// Spawns scheduler worker processes (fixtures/worker-process.ts) and talks to them over stdin/stdout lines.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { WorkerProcessOptions } from '../fixtures/worker-process.ts';

const SCRIPT = fileURLToPath(new URL('../fixtures/worker-process.ts', import.meta.url));

export interface WorkerProcess {
  readonly workerId: string;
  readonly child: ChildProcessByStdio<Writable, Readable, null>;
  nextLine(): Promise<string>;
  go(): void;
  exited(): Promise<number | null>;
}

export function spawnWorker(options: WorkerProcessOptions): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify(options)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return {
    workerId: options.workerId,
    child,
    async nextLine() {
      const { value, done } = await lines.next();
      if (done) throw new Error(`${options.workerId} ended its output early`);
      return value;
    },
    go: () => child.stdin.end('go\n'),
    exited: () => exit,
  };
}

export function killAll(workers: readonly WorkerProcess[]): void {
  for (const { child } of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
