// Finds the processes of a running agent stack: to crash one and wait for the supervisor to bring it back (fault tests), or to
// read how much CPU each spent (benches). Linux only: reads /proc.
import { readdir, readFile } from 'node:fs/promises';
import type { AgentStack } from './agent-stack.ts';
import { eventually } from './launcher.ts';

export type StackProcess = 'api' | 'mcp' | 'harness' | 'worker' | 'dige-sim';

/** The end of each process's script path; the simulator runs from the stack's copy of the plugin, wherever that is. */
const SCRIPTS: Record<StackProcess, string> = {
  api: '/kernel/main/api.ts',
  mcp: '/kernel/main/mcp.ts',
  harness: '/harness/main.ts',
  worker: '/kernel/main/worker.ts',
  'dige-sim': '/dige/sim/main.ts',
};

export const STACK_PROCESSES = Object.keys(SCRIPTS) as StackProcess[];

function healthUrl(stack: AgentStack, name: StackProcess): string | undefined {
  if (name === 'api') return new URL('/health', stack.apiUrl).href;
  if (name === 'mcp') return new URL('/health', stack.mcpUrl).href;
  if (name === 'harness') return new URL('/health', stack.harnessUrl).href;
  return undefined;
}

async function readProc(pid: string, file: string): Promise<string[]> {
  try {
    return (await readFile(`/proc/${pid}/${file}`, 'utf8')).split('\0');
  } catch {
    return []; // the process ended while we looked, or belongs to someone else
  }
}

/**
 * The pid of the stack's process running `name`. The launcher does not publish its children's pids, and other stacks run
 * the same scripts on this machine, so a process is ours when its environment holds our stack's API port (ports are free
 * ones, unique per stack).
 */
export async function stackPid(stack: AgentStack, name: StackProcess): Promise<number | undefined> {
  const script = SCRIPTS[name];
  const marker = `NEXUS_API_PORT=${stack.env.NEXUS_API_PORT}`;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (!(await readProc(entry, 'cmdline')).some((arg) => arg.endsWith(script))) continue;
    if ((await readProc(entry, 'environ')).includes(marker)) return Number(entry);
  }
  return undefined;
}

async function answersHealth(url: string | undefined): Promise<boolean> {
  if (url === undefined) return true;
  const res = await fetch(url).catch(() => undefined);
  return res?.ok === true;
}

/** Kills the process without warning, as a crash or the OOM killer would; returns the pid it had. */
export async function crash(stack: AgentStack, name: StackProcess): Promise<number> {
  const pid = await stackPid(stack, name);
  if (pid === undefined) throw new Error(`no ${name} process of this stack is running`);
  process.kill(pid, 'SIGKILL');
  return pid;
}

/** Waits until the supervisor has started a new process in place of `oldPid` and it answers on its port again. */
export async function restarted(stack: AgentStack, name: StackProcess, oldPid: number): Promise<number> {
  return eventually(async () => {
    const pid = await stackPid(stack, name);
    if (pid === undefined || pid === oldPid) return undefined;
    return (await answersHealth(healthUrl(stack, name))) ? pid : undefined;
  }, `the ${name} process to be restarted`);
}

/** Clock ticks per second of /proc/<pid>/stat; 100 on every Linux build Node supports. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time the process has used so far, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses, so fields are counted from the last ')'; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
