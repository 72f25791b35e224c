// Benchmark: concurrent agent runs through POST /api/agent/runs on the real processes (API, Operations MCP, harness, worker,
// Dige simulator), each with two read-only tool calls and an answer from a scripted model; then checks the audit counts exactly.
// Run by hand: node --import tsx bench/agent-runs/run.ts [--runs=200] [--concurrency=200] [--users=10] [--warmup=<users>] [--tracing]
// (NEXUS_BENCH_CPU_PROFILE=1 also writes a CPU profile of the API, MCP and harness processes over the measured runs)
// --tracing exports every process's spans over OTLP http/protobuf to a receiver in this process that counts and drops them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { RUNS_COLLECTION, TOOL_CALLS_COLLECTION, type RunRecord } from '../../kernel/audit/audit-schemas.ts';
import { startAgentStack } from '../../test/helpers/agent-stack.ts';
import type { ApiClient } from '../../test/helpers/api-client.ts';
import { READ_TOOLS, digeReadPlan } from '../../test/helpers/dige-read-plan.ts';
import { scriptedAgent } from '../../test/helpers/scripted-agent.ts';
import { startOtlpReceiver } from '../../test/helpers/otlp-receiver.ts';
import { STACK_PROCESSES, cpuMs, stackPid, type StackProcess } from '../../test/helpers/stack-processes.ts';

function flag(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1)) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return value;
}

const RUNS = flag('runs', 200);
const CONCURRENCY = flag('concurrency', RUNS);
const USERS = flag('users', 10);
const WARMUP = flag('warmup', USERS);
const TRACING = process.argv.includes('--tracing');
const EXPORT_DELAY_MS = 500;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (x: number) => `${x.toFixed(0)} ms`;

interface Outcome {
  readonly runId: string | undefined;
  readonly status: string;
  readonly ms: number;
}

async function runAll(clients: readonly ApiClient[], count: number, concurrency: number, offset: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const n = next++;
        const started = performance.now();
        const res = await clients[(offset + n) % clients.length]!.post('/api/agent/runs', { message: `Which rooms and devices are there? (#${offset + n})` });
        const status = res.status === 200 ? (res.body.status as string) : `http ${res.status} ${res.body?.error?.code ?? ''}`;
        outcomes.push({ runId: res.body?.runId, status: res.body?.error?.code ? `${status} ${res.body.error.code}` : status, ms: performance.now() - started });
      }
    }),
  );
  return outcomes;
}

/** CPU ms each process (and this one, which also serves the scripted model) has used so far; their growth over the measured runs is what the runs cost. */
async function cpuSnapshot(pids: ReadonlyMap<StackProcess, number>): Promise<Map<string, number>> {
  const snapshot = new Map<string, number>();
  for (const [name, pid] of pids) snapshot.set(name, await cpuMs(pid));
  const own = process.cpuUsage();
  snapshot.set('bench (client + model server)', (own.user + own.system) / 1000);
  return snapshot;
}

/** The processes whose request path must not stall: their event-loop delay over the measured runs. */
const LOOP_DELAY_PROCESSES: readonly StackProcess[] = ['api', 'mcp', 'harness'];
const PROBE = fileURLToPath(new URL('./loop-delay-probe.mjs', import.meta.url));

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

/** Each signal toggles the probe: the first starts a fresh histogram, the second writes it. */
function signalProbes(pids: ReadonlyMap<StackProcess, number>): void {
  for (const name of LOOP_DELAY_PROCESSES) process.kill(pids.get(name)!, 'SIGUSR2');
}

async function readProbes(dir: string, pids: ReadonlyMap<StackProcess, number>): Promise<Map<StackProcess, LoopDelay>> {
  const delays = new Map<StackProcess, LoopDelay>();
  for (const name of LOOP_DELAY_PROCESSES) {
    const file = join(dir, `${pids.get(name)}.json`);
    // The probe writes on its own loop turn after the signal; a bench (unlike a test) may poll for it.
    for (let tries = 0; !delays.has(name); tries += 1) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) delays.set(name, JSON.parse(text) as LoopDelay);
      else if (tries > 250) throw new Error(`the ${name} process wrote no event-loop delay`);
      else await delay(20);
    }
  }
  return delays;
}

async function main(): Promise<void> {
  // The stack's processes end with the bench, in the reverse order they were started.
  const cleanups: (() => unknown)[] = [];
  const scope = { teardown: (fn: () => unknown) => void cleanups.push(fn) };
  try {
    const booting = performance.now();
    const probeDir = await mkdtemp(join(tmpdir(), 'nexus-loop-delay-'));
    // NEXUS_BENCH_CPU_PROFILE=1 keeps the folder, with a CPU profile of each process over the measured runs.
    if (process.env.NEXUS_BENCH_CPU_PROFILE === '1') console.log(`CPU profiles go to ${probeDir}`);
    else cleanups.push(() => rm(probeDir, { recursive: true, force: true }));
    const receiver = TRACING ? await startOtlpReceiver({ decode: false }) : undefined;
    if (receiver) cleanups.push(() => receiver.close());
    // Spans leave each process within EXPORT_DELAY_MS of ending, so the CPU read after the settle below includes exporting them.
    const tracingEnv = receiver ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: String(EXPORT_DELAY_MS) } : {};
    // Request logging at info would cost as much as the work measured here.
    const stack = await startAgentStack(scope, {
      env: {
        NEXUS_LOG_LEVEL: 'warn',
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim(),
        NEXUS_BENCH_LOOP_DELAY_DIR: probeDir,
        NEXUS_BENCH_CPU_PROFILE: process.env.NEXUS_BENCH_CPU_PROFILE ?? '',
        ...tracingEnv,
      },
    });
    const bootMs = performance.now() - booting;
    stack.model.respond(scriptedAgent([{ when: /./, plan: digeReadPlan }]));
    const clients = await Promise.all(Array.from({ length: USERS }, async (_, i) => stack.api(await stack.token(`bench-${i}`, 'operator'))));

    // Warm-up (one run per user by default) opens each user's MCP session and warms the JIT; its runs are audited too and counted below.
    const warm = await runAll(clients, WARMUP, USERS, 0);
    const pids = new Map<StackProcess, number>();
    for (const name of STACK_PROCESSES) {
      const pid = await stackPid(stack, name);
      if (pid === undefined) throw new Error(`the stack's ${name} process is not running`);
      pids.set(name, pid);
    }
    signalProbes(pids);
    const cpuBefore = await cpuSnapshot(pids);
    const loadBefore = loadavg()[0]!;
    const requestsBefore = stack.model.requests.length;
    const started = performance.now();
    const outcomes = await runAll(clients, RUNS, CONCURRENCY, WARMUP);
    const seconds = (performance.now() - started) / 1000;
    const loadAfter = loadavg()[0]!;
    // With and without tracing alike, so both measure the same window.
    await new Promise((resolve) => setTimeout(resolve, 4 * EXPORT_DELAY_MS));
    const cpuAfter = await cpuSnapshot(pids);
    signalProbes(pids);
    const loopDelays = await readProbes(probeDir, pids);
    const cpuPerRun = [...cpuAfter].map(([name, after]) => ({ name, ms: (after - cpuBefore.get(name)!) / RUNS }));
    const cpuTotal = cpuPerRun.reduce((sum, p) => sum + p.ms, 0);
    const cpuNexus = cpuPerRun.filter((p) => pids.has(p.name as StackProcess)).reduce((sum, p) => sum + p.ms, 0);

    const store = stack.kernel.store;
    const measuredIds = outcomes.flatMap((o) => (o.runId === undefined ? [] : [o.runId]));
    const runRecords = await store.collection<RunRecord>(RUNS_COLLECTION).countDocuments({ _id: { $in: measuredIds } });
    const callRecords = await store.collection(TOOL_CALLS_COLLECTION).countDocuments({ runId: { $in: measuredIds } });
    const allRuns = await store.collection(RUNS_COLLECTION).countDocuments({});
    const allCalls = await store.collection(TOOL_CALLS_COLLECTION).countDocuments({});
    const statuses = new Map<string, number>();
    for (const o of [...warm, ...outcomes]) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const expectedCalls = READ_TOOLS.length * RUNS;
    const countsOk =
      runRecords === RUNS && callRecords === expectedCalls && allRuns === RUNS + WARMUP && allCalls === READ_TOOLS.length * (RUNS + WARMUP);

    process.stdout.write(
      [
        `agent runs benchmark: ${RUNS} runs, ${CONCURRENCY} at a time, ${USERS} operator users, ${WARMUP} warm-up runs; ` +
          `each run = routing + ${READ_TOOLS.length} tool calls (${READ_TOOLS.join(', ')}) + answer from a scripted OpenAI-wire model`,
        `processes: API, Operations MCP, harness, worker, Dige simulator (dev launcher, started in ${(bootMs / 1000).toFixed(1)} s), embedded store, log level warn`,
        `tracing: ${receiver ? `on, OTLP http/protobuf to a receiver in the bench process (${receiver.requests()} exports received)` : 'off'}`,
        // Every process and this client share the machine, so its load says how far the figures are from an idle one.
        `machine: ${availableParallelism()} CPUs; 1-minute load average ${loadBefore.toFixed(1)} before the measured runs, ${loadAfter.toFixed(1)} after`,
        '',
        `throughput          ${(RUNS / seconds).toFixed(2)} runs/s  (${RUNS} runs in ${seconds.toFixed(2)} s)`,
        `latency per run     p50 ${ms(pct(latencies, 50))}  p95 ${ms(pct(latencies, 95))}  max ${ms(latencies.at(-1) ?? 0)}  (POST to response, client side)`,
        `CPU per run         ${cpuPerRun.map((p) => `${p.name} ${p.ms.toFixed(1)}`).join(', ')}; total ${cpuTotal.toFixed(1)} ms (user + system)`,
        `event-loop delay    ${[...loopDelays].map(([name, d]) => `${name} p50 ${d.p50.toFixed(1)} p99 ${d.p99.toFixed(1)} max ${d.max.toFixed(1)}`).join('; ')} ms (monitorEventLoopDelay over the measured runs; goal p99 < 20)`,
        `CPU per run, stack  ${cpuNexus.toFixed(1)} ms (the stack's processes only, without the bench client and model server)`,
        `CPU-bound ceiling   ${((availableParallelism() * 1000) / cpuTotal).toFixed(1)} runs/s on ${availableParallelism()} idle CPUs (CPUs x 1000 / CPU ms per run)`,
        `model requests      ${stack.model.requests.length - requestsBefore} (${((stack.model.requests.length - requestsBefore) / RUNS).toFixed(2)} per run)`,
        `outcomes            ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ')}`,
        `audit agent_runs        ${runRecords} for the measured runs (expected ${RUNS}); ${allRuns} in all (expected ${RUNS + WARMUP})`,
        `audit agent_tool_calls  ${callRecords} for the measured runs (expected ${expectedCalls}); ${allCalls} in all (expected ${READ_TOOLS.length * (RUNS + WARMUP)})`,
        `audit counts        ${countsOk ? 'exact' : 'MISMATCH'}`,
        '',
      ].join('\n'),
    );
    if (!countsOk || statuses.size !== 1 || !statuses.has('completed')) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
