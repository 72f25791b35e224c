// Starts one more Operations MCP process (kernel/main/mcp.ts) beside a running stack: same store and secrets, its own port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { eventually } from './launcher.ts';
import { projectRoot } from './test-env.ts';

export interface McpProcess {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly output: readonly string[];
  stop(): Promise<void>;
}

export async function startMcpProcess(env: NodeJS.ProcessEnv): Promise<McpProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'kernel/main/mcp.ts')], {
    cwd: projectRoot,
    env: { ...env, NEXUS_MCP_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the MCP process exited (${child.exitCode}):\n${output.join('')}`);
    return (await fetch(`${origin}/health`).catch(() => undefined))?.ok ? true : undefined;
  }, 'the second MCP process');
  return {
    origin,
    output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
