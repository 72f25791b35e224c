// Starts the real `npm start` launcher (all processes) in a test environment and reads its first screen.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { projectRoot, type TestEnv } from './test-env.ts';
import { freePort } from './free-port.ts';

export interface RunningLauncher {
  readonly apiUrl: string;
  readonly mcpUrl: string;
  readonly harnessUrl: string;
  /** The environment the launcher and its processes run with. */
  readonly env: NodeJS.ProcessEnv;
  readonly adminToken: string;
  readonly output: string[];
  stop(): Promise<number | null>;
}

export async function startLauncher(te: TestEnv, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningLauncher> {
  const [apiPort, mcpPort, harnessPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...te.env,
    NEXUS_API_PORT: String(apiPort),
    NEXUS_MCP_PORT: String(mcpPort),
    NEXUS_MCP_URL: `http://127.0.0.1:${mcpPort}/mcp`,
    NEXUS_HARNESS_PORT: String(harnessPort),
    NEXUS_HARNESS_URL: `http://127.0.0.1:${harnessPort}`,
    NEXUS_SKILL_ROOTS: te.pluginsDir,
    NEXUS_LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'kernel/main/dev-launcher.ts')], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const token = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const m = /Admin token \(shown once, keep it\): (\S+)/.exec(line);
      if (m?.[1]) resolve(m[1]);
      if (/Tokens already exist/.test(line)) reject(new Error('launcher found existing tokens'));
    });
    void exited.then((code) => reject(new Error(`launcher exited (${code}) before it was ready:\n${output.join('\n')}`)));
  });
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    mcpUrl: env.NEXUS_MCP_URL as string,
    harnessUrl: env.NEXUS_HARNESS_URL as string,
    env,
    adminToken: token,
    output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls a condition that another process makes true (a file watcher firing), up to a deadline. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
