// Benchmark: the harness's own overhead per model/tool round trip, with the in-memory and the store-backed checkpointer.
// Run by hand: node --import tsx bench/harness-loop/run.ts [--trips=500]   (each variant runs in its own process, so peak RSS is its own)
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createMemoryCheckpointer } from '../../harness/graph/memory-checkpointer.ts';
import { createRunner } from '../../harness/graph/runner.ts';
import { createStoreCheckpointer } from '../../harness/graph/store-checkpointer.ts';
import type { Checkpointer } from '../../harness/graph/checkpointer.ts';
import { createLimitsMiddleware } from '../../harness/middleware/limits.ts';
import { createUsageMiddleware } from '../../harness/middleware/usage.ts';
import type { ModelAdapter } from '../../harness/models/model-adapter.ts';
import { createScriptedModelAdapter, type ScriptStep } from '../../harness/models/scripted-model-adapter.ts';
import { nativeTools } from '../../harness/tools/builtins/index.ts';
import { createLocalToolSource } from '../../harness/tools/local-tool-source.ts';
import { createStaticRunPolicy } from '../../harness/tools/static-run-policy.ts';
import { createToolRegistry } from '../../harness/tools/tool-registry.ts';
import { createStore } from '../../shared/store/index.ts';

const ROUND_TRIPS = Number(process.argv.find((arg) => arg.startsWith('--trips='))?.slice('--trips='.length) ?? 50);
if (!Number.isInteger(ROUND_TRIPS) || ROUND_TRIPS < 20) throw new Error('--trips must be an integer of at least 20');
const WARMUP_RUNS = 3;
// Long runs are measured fewer times, so every variant measures about the same number of round trips.
const MEASURED_RUNS = Math.max(2, Math.round(1000 / ROUND_TRIPS));

type Variant = 'memory' | 'store';

/** Model and tool time is measured separately and subtracted, leaving what the harness itself spends. */
function timedModel(inner: ModelAdapter, marks: number[], spent: number[]): ModelAdapter {
  return {
    provider: inner.provider,
    model: inner.model,
    async call(request) {
      const start = performance.now();
      marks.push(start);
      const response = await inner.call(request);
      spent.push(performance.now() - start);
      return response;
    },
  };
}

function script(): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let i = 0; i < ROUND_TRIPS; i += 1) steps.push({ toolCalls: [{ name: 'noop', arguments: { step: i } }] });
  steps.push({ text: 'done' });
  return steps;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function runVariant(variant: Variant) {
  const dataDir = await mkdtemp(join(tmpdir(), 'nexus-bench-'));
  const store = variant === 'store' ? await createStore({ dataDir }) : undefined;
  const checkpointer: Checkpointer = store ? createStoreCheckpointer({ store }) : createMemoryCheckpointer();
  const toolSpent: number[] = [];
  const source = createLocalToolSource('bench', [
    {
      definition: { name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object', properties: { step: { type: 'integer' } } } },
      handler: (args) => {
        const start = performance.now();
        const result = { content: [{ type: 'text', text: `ok ${String(args.step)}` }] };
        toolSpent.push(performance.now() - start);
        return result;
      },
    },
  ]);
  const tools = createToolRegistry({ sources: [source], nativeTools });
  const policy = createStaticRunPolicy({ roles: { member: { tools: ['*'] } } });
  const identity = { userId: 'u', role: 'member', tokenId: 't', sessionId: 's', correlationId: 'c' };
  const overheads: number[] = [];
  // Early and late trips show whether the cost of a step grows with the history.
  const early: number[] = [];
  const late: number[] = [];
  let peakHeap = 0;
  let peakRss = 0;
  let totalMs = 0;
  // CPU time says what wall time cannot on a machine shared with other work: what the run itself consumed.
  let cpuMs = 0;

  for (let run = 0; run < WARMUP_RUNS + MEASURED_RUNS; run += 1) {
    const marks: number[] = [];
    const modelSpent: number[] = [];
    toolSpent.length = 0;
    const model = timedModel(createScriptedModelAdapter(script(), { keepRequests: false }), marks, modelSpent);
    const runner = createRunner({
      model,
      tools,
      policy,
      checkpointer,
      middleware: [createLimitsMiddleware({ maxModelCalls: ROUND_TRIPS + 1, maxToolCalls: ROUND_TRIPS, loopThreshold: ROUND_TRIPS }), createUsageMiddleware()],
    });
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await runner.invoke({ runId: `${variant}-${run}`, threadId: 'bench', identity, messages: [{ role: 'user', content: 'go' }] });
    const ended = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    if (result.status !== 'completed' || result.toolCalls.length !== ROUND_TRIPS) throw new Error(`bench run ended ${result.status}`);
    const memory = process.memoryUsage();
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    peakRss = Math.max(peakRss, memory.rss);
    if (run < WARMUP_RUNS) continue;
    totalMs += ended - started;
    cpuMs += (cpu.user + cpu.system) / 1000;
    for (let i = 0; i < ROUND_TRIPS; i += 1) {
      const span = (marks[i + 1] as number) - (marks[i] as number);
      const overhead = span - (modelSpent[i] as number) - (toolSpent[i] as number);
      overheads.push(overhead);
      if (i < 10) early.push(overhead);
      if (i >= ROUND_TRIPS - 10) late.push(overhead);
    }
  }
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
  for (const list of [overheads, early, late]) list.sort((a, b) => a - b);
  return {
    variant,
    roundTrips: overheads.length,
    medianMs: percentile(overheads, 50),
    p95Ms: percentile(overheads, 95),
    earlyMedianMs: percentile(early, 50),
    lateMedianMs: percentile(late, 50),
    meanRunMs: totalMs / MEASURED_RUNS,
    cpuPerTripMs: cpuMs / overheads.length,
    peakHeapMiB: peakHeap / 2 ** 20,
    peakRssMiB: peakRss / 2 ** 20,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
}

const requested = process.argv.find((arg) => arg.startsWith('--variant='))?.slice('--variant='.length) as Variant | undefined;
if (requested) {
  process.stdout.write(`${JSON.stringify(await runVariant(requested))}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  const rows = (['memory', 'store'] as const).map((variant) => {
    const child = spawnSync(process.execPath, [...process.execArgv, self, `--variant=${variant}`, `--trips=${ROUND_TRIPS}`], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${variant} variant failed:\n${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as Awaited<ReturnType<typeof runVariant>>;
  });
  const fmt = (n: number) => n.toFixed(3);
  console.log(`harness loop: ${ROUND_TRIPS} round trips per run, ${MEASURED_RUNS} measured runs after ${WARMUP_RUNS} warm-up runs`);
  const lateLabel = `trips-${ROUND_TRIPS - 9}-${ROUND_TRIPS}-median-ms`;
  console.log(`checkpointer  round-trips  median-ms  p95-ms  trips-1-10-median-ms  ${lateLabel}  late/early  mean-run-ms  cpu-ms-per-trip  peak-heap-MiB  peak-rss-MiB  maxRSS-MiB`);
  for (const r of rows) {
    console.log(
      [
        r.variant.padEnd(12),
        String(r.roundTrips).padStart(11),
        fmt(r.medianMs).padStart(9),
        fmt(r.p95Ms).padStart(6),
        fmt(r.earlyMedianMs).padStart(20),
        fmt(r.lateMedianMs).padStart(lateLabel.length),
        (r.lateMedianMs / r.earlyMedianMs).toFixed(2).padStart(10),
        r.meanRunMs.toFixed(1).padStart(11),
        fmt(r.cpuPerTripMs).padStart(15),
        r.peakHeapMiB.toFixed(1).padStart(13),
        r.peakRssMiB.toFixed(1).padStart(12),
        r.maxRssMiB.toFixed(1).padStart(10),
      ].join('  '),
    );
  }
}
