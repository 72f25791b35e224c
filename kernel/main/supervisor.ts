// Keeps one child process running: prefixes its output, restarts it with backoff when it crashes, stops it on request.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { formatLogLine } from './format-log-line.ts';

export interface SupervisedProcess {
  readonly name: string;
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  readonly name: string;
  readonly script: string;
  /** Node options for this child only, ahead of the script. */
  readonly execArgv?: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly write: (line: string) => void;
  /** Restart delays grow from min to max; a child that ran longer than stableMs starts again from min. */
  readonly backoff?: { minMs: number; maxMs: number; stableMs: number };
}

const STOP_GRACE_MS = 10_000;

export function supervise(options: SuperviseOptions): SupervisedProcess {
  const backoff = options.backoff ?? { minMs: 500, maxMs: 30_000, stableMs: 60_000 };
  const pad = options.name.padEnd(7);
  let child: ChildProcess | undefined;
  let stopping = false;
  let delay = backoff.minMs;
  let restartTimer: NodeJS.Timeout | undefined;

  const pipe = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => options.write(`[${pad}] ${formatLogLine(line)}`));
  };

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...(options.execArgv ?? []), '--import', 'tsx', options.script], { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    pipe(child.stdout);
    pipe(child.stderr);
    child.once('exit', (code, signal) => {
      child = undefined;
      if (stopping) return;
      if (code === 2) {
        options.write(`[${pad}] exited with a configuration error; not restarting. Fix it and run npm start again.`);
        return;
      }
      if (Date.now() - startedAt > backoff.stableMs) delay = backoff.minMs;
      options.write(`[${pad}] exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      restartTimer = setTimeout(start, delay);
      delay = Math.min(delay * 2, backoff.maxMs);
    });
  };
  start();

  return {
    name: options.name,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        clearTimeout(restartTimer);
        const running = child;
        if (!running || running.exitCode !== null) return resolve();
        const kill = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      }),
  };
}
