// Benchmark: memory of the four Nexus processes idle under `npm start` (the dev launcher, the app's plugins, profile and
// file watchers, the embedded store in a fresh data folder): peak (VmHWM) and current (VmRSS) resident size of each.
// Run by hand: node --import tsx bench/idle-rss/run.ts [--settle=10] [--tracing]  (Linux only: reads /proc)
// --tracing starts the processes with an OTLP endpoint (nothing listens there) to show what loading the SDK costs.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from '../../test/helpers/free-port.ts';
import { projectRoot } from '../../test/helpers/test-env.ts';

const SETTLE_S = Number(process.argv.find((arg) => arg.startsWith('--settle='))?.slice('--settle='.length) ?? 10);
const TRACING = process.argv.includes('--tracing');
const GOAL_MIB = 400;
const BOOT_DEADLINE_MS = 300_000;

/** The launcher's children by the end of their script path; the simulator is a dev helper, outside the goal. */
const PROCESSES = { api: '/kernel/main/api.ts', mcp: '/kernel/main/mcp.ts', harness: '/harness/main.ts', worker: '/kernel/main/worker.ts', 'dige-sim': '/dige/sim/main.ts' } as const;
type Name = keyof typeof PROCESSES;
const COUNTED: readonly Name[] = ['api', 'mcp', 'harness', 'worker'];

async function children(parent: number): Promise<Map<Name, number>> {
  const found = new Map<Name, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    if (!new RegExp(`^PPid:\\s+${parent}$`, 'm').test(status)) continue;
    const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    for (const [name, script] of Object.entries(PROCESSES) as [Name, string][]) if (cmdline.some((arg) => arg.endsWith(script))) found.set(name, Number(entry));
  }
  return found;
}

/** VmHWM (the peak since the process started) and VmRSS, in MiB. */
async function memory(pid: number): Promise<{ peak: number; now: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nexus-idle-rss-'));
  const [api, mcp, harness, sim] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // What `npm start` gets, but in a fresh data folder and on free ports so that it runs beside anything else.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXUS_DATA_DIR: dataDir,
    NEXUS_API_PORT: String(api),
    NEXUS_MCP_PORT: String(mcp),
    NEXUS_MCP_URL: `http://127.0.0.1:${mcp}/mcp`,
    NEXUS_HARNESS_PORT: String(harness),
    NEXUS_HARNESS_URL: `http://127.0.0.1:${harness}`,
    DIGE_SIM_PORT: String(sim),
    ...(TRACING ? { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}` } : {}),
  };
  if (!TRACING) for (const name of Object.keys(env)) if (name.startsWith('OTEL_')) delete env[name];
  const launcher = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'kernel/main/dev-launcher.ts')], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  createInterface({ input: launcher.stderr }).on('line', (line) => output.push(line));
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: launcher.stdout }).on('line', (line) => {
        output.push(line);
        if (/Admin token|Tokens already exist/.test(line)) resolve();
      });
      launcher.once('exit', (code) => reject(new Error(`the launcher exited (${code}):\n${output.join('\n')}`)));
    });
    // On a loaded machine the launcher may give up waiting before a process is up; the bench waits longer.
    for (const port of [api, mcp, harness]) {
      const until = Date.now() + BOOT_DEADLINE_MS;
      while (!(await fetch(`http://127.0.0.1:${port}/health`).then((res) => res.ok, () => false))) {
        if (Date.now() > until) throw new Error(`nothing answers on port ${port}:\n${output.join('\n')}`);
        await delay(500);
      }
    }
    // Ready is not idle: plugins finish background start-up (indexes, watchers, the first claim) after answering /health.
    await delay(SETTLE_S * 1000);
    const pids = await children(launcher.pid!);
    for (const name of COUNTED) if (!pids.has(name)) throw new Error(`no ${name} process under the launcher:\n${output.join('\n')}`);
    const rows = await Promise.all([...pids].map(async ([name, pid]) => ({ name, pid, ...(await memory(pid)) })));
    rows.sort((a, b) => Object.keys(PROCESSES).indexOf(a.name) - Object.keys(PROCESSES).indexOf(b.name));
    const counted = rows.filter((row) => COUNTED.includes(row.name));
    const total = (field: 'peak' | 'now') => counted.reduce((sum, row) => sum + row[field], 0);
    const mib = (x: number) => `${x.toFixed(0).padStart(4)} MiB`;
    process.stdout.write(
      [
        `idle RSS under npm start (dev launcher, app plugins and profile, watchers on, embedded store), ${SETTLE_S} s after ready; tracing ${TRACING ? 'on' : 'off'}; node ${process.version}; load average ${loadavg()[0]!.toFixed(1)}`,
        '',
        'process    peak (VmHWM)   now (VmRSS)',
        ...rows.map((row) => `${row.name.padEnd(10)} ${mib(row.peak)}       ${mib(row.now)}${COUNTED.includes(row.name) ? '' : '   (dev helper, not counted)'}`),
        `${'total'.padEnd(10)} ${mib(total('peak'))}       ${mib(total('now'))}   (api + mcp + harness + worker; goal: peak < ${GOAL_MIB} MiB)`,
        '',
      ].join('\n'),
    );
    if (total('peak') >= GOAL_MIB) process.exitCode = 1;
  } finally {
    if (launcher.exitCode === null) {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      launcher.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
