// Benchmark: verified controls per second through the control service against the simulator process, and our overhead per control.
// Run by hand: node --import tsx bench/dige/run.ts [controls=400] [concurrency=8]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createStore } from '../../shared/store/index.ts';
import type { AccessPolicy, Identity } from '../../kernel/index.ts';
import { createProviderClient } from '../../plugins/dige/infra/provider/provider-client.ts';
import { API_CALLS, createApiCallRepository } from '../../plugins/dige/infra/repositories/api-call-repository.ts';
import { createDeviceRepository } from '../../plugins/dige/infra/repositories/device-repository.ts';
import { createOperationRepository } from '../../plugins/dige/infra/repositories/operation-repository.ts';
import { systemClock } from '../../plugins/dige/infra/system-clock.ts';
import { createControlService } from '../../plugins/dige/svc/control-service.ts';
import type { CommandInput } from '../../plugins/dige/svc/views.ts';
import digePlugin from '../../plugins/dige/plugin.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const total = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 8);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** One device per worker, so concurrent controls never race on a device (that would rightly end in mismatches). */
const DEVICES: ((n: number) => CommandInput)[] = [
  (n) => ({ command: n % 2 === 0 ? 'turn_on' : 'turn_off' }),
  (n) => ({ command: 'set_position', value: (n * 7) % 101 }),
  (n) => ({ command: 'set_brightness', value: n % 101 }),
  (n) => ({ command: 'set_setpoint', value: 16 + (n % 29) / 2 }),
  (n) => ({ command: n % 2 === 0 ? 'turn_off' : 'turn_on' }),
  (n) => ({ command: 'set_position', value: (n * 13) % 101 }),
  (n) => ({ command: 'set_setpoint', value: 5 + (n % 61) / 2 }),
  (n) => ({ command: 'set_fan_speed', value: ['auto', 'low', 'medium', 'high'][n % 4]! }),
];
const DEVICE_IDS = ['light-lobby', 'curtain-lobby', 'dimmer-meeting', 'ac-meeting', 'light-office', 'curtain-office', 'thermo-office', 'ac-server'];

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dige-bench-'));
  const port = await freePort();
  const sim = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'plugins/dige/sim/main.ts')], {
    cwd: root, env: { PATH: process.env.PATH, NEXUS_DATA_DIR: path.join(dir, 'sim'), DIGE_SIM_PORT: String(port), DIGE_SIM_APPLY_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => createInterface({ input: sim.stdout! }).on('line', (l) => /listening/.test(l) && resolve()));

  const store = await createStore({ dataDir: path.join(dir, 'store') });
  // The indexes the kernel creates from the manifest when it loads the plugin.
  for (const c of digePlugin.collections ?? []) {
    for (const index of c.indexes ?? []) await store.collection(c.name).createIndex({ ...index.key });
  }
  const apiCalls = createApiCallRepository(store);
  const devices = createDeviceRepository(store);
  const client = createProviderClient({
    baseUrl: `http://127.0.0.1:${port}`, appKey: 'dige-sim-app', appSecret: 'dige-sim-secret', timeoutMs: 5_000, clock: systemClock, recorder: apiCalls,
    logger: pino({ level: 'silent' }),
  });
  const access: AccessPolicy = { hasRole: () => true, hasPermission: () => true, mayUseTool: () => true };
  const identity: Identity = { userId: 'bench', role: 'operator', tokenId: 'tok-bench', via: 'user' };
  const control = createControlService({
    client, devices, operations: createOperationRepository(store), access, clock: systemClock, verify: { timeoutMs: 10_000, pollMs: 250 },
  });

  const run = async (slot: number, n: number) => {
    const deviceId = DEVICE_IDS[slot % DEVICE_IDS.length]!;
    const started = performance.now();
    const result = await control.control({ deviceId, command: DEVICES[slot % DEVICES.length]!(n), identity, channel: 'api' });
    return { id: result.operationId, totalMs: performance.now() - started };
  };

  const phase = async (label: string, workers: number) => {
    const results: { id: string; totalMs: number }[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let n = 0; next < total; n += 1) {
          next += 1;
          // Alone, one worker walks all devices; together, each worker keeps to its own.
          results.push(await run(workers === 1 ? n : worker, n + 1));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const providerMs: number[] = [];
    const overheadMs: number[] = [];
    let calls = 0;
    const perCall: number[] = [];
    for (const r of results) {
      const own = (await store.collection(API_CALLS).find({ operationId: r.id }).toArray()) as unknown as { durationMs: number }[];
      calls += own.length;
      perCall.push(...own.map((c) => c.durationMs));
      const provider = own.reduce((a, c) => a + c.durationMs, 0);
      providerMs.push(provider);
      overheadMs.push(r.totalMs - provider);
    }
    const totals = results.map((r) => r.totalMs).sort((a, b) => a - b);
    const overhead = [...overheadMs].sort((a, b) => a - b);
    const sortedCalls = [...perCall].sort((a, b) => a - b);
    process.stdout.write(
      [
        `${label}: ${results.length} verified controls in ${seconds.toFixed(2)} s = ${(results.length / seconds).toFixed(1)} controls/s`,
        `  control latency     mean ${ms(mean(totals))}  p50 ${ms(pct(totals, 50))}  p95 ${ms(pct(totals, 95))}  p99 ${ms(pct(totals, 99))}`,
        `  provider calls      ${(calls / results.length).toFixed(2)} per control; per call mean ${ms(mean(perCall))}  p50 ${ms(pct(sortedCalls, 50))}  p95 ${ms(pct(sortedCalls, 95))}`,
        `  provider time       mean ${ms(mean(providerMs))} per control (sum of the client's timings of its calls)`,
        `  our overhead        mean ${ms(mean(overheadMs))}  p50 ${ms(pct(overhead, 50))}  p95 ${ms(pct(overhead, 95))} per control (total minus provider time)`,
        '',
      ].join('\n'),
    );
  };

  try {
    for (let i = 0; i < 40; i += 1) await run(i, i);
    process.stdout.write(`Dige control benchmark: simulator process, apply delay 0, no added latency, embedded store (${store.backend})\n\n`);
    await phase('sequential (1 at a time)', 1);
    await phase(`concurrent (${concurrency} at a time, one device each)`, concurrency);
  } finally {
    await client.close();
    await store.close();
    sim.kill('SIGTERM');
    await new Promise((resolve) => sim.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
