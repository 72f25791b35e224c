// The official MCP conformance suite (0.1.16, on the Node 22 the `node` devDependency brings): its server scenarios against
// the host through a proxy that adds the bearer token the runner cannot send, and its client scenarios against the harness's client.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t from 'tap';
import { startAuthProxy } from '../../helpers/auth-proxy.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { ALICE_TOKEN, startTestHost } from './fixtures.ts';

/**
 * Every server scenario that applies to a tools-only server. The runner speaks 2025-era revisions only, so these exercise the
 * stateless legacy lane.
 */
const SERVER_SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
  'server-sse-polling',
];
const CLIENT_SCENARIOS = ['initialize', 'tools_call', 'sse-retry'];

/**
 * The SSE scenarios test sessions and resumable streams. A stateless server has neither: no session id (so the
 * multiple-streams scenario stops at its first step), and no priming event or retry field (the 2026-07-28 revision made
 * streams non-resumable). The runner reports exactly these as WARNINGs, never as failures; any other warning fails here.
 */
const EXPECTED_WARNINGS: Record<string, readonly string[]> = {
  'server server-sse-multiple-streams': ['ServerSSEMultipleStreamsSession'],
  'server server-sse-polling': ['ServerSSEPollingSession', 'ServerSendsPrimingEvent', 'ServerSendsRetryField'],
};

const resolve = createRequire(import.meta.url).resolve;
const cli = join(dirname(resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
// Called by its package path: the install removes the `node` shim from node_modules/.bin, so npm scripts keep Node 20.
const node22 = join(dirname(resolve('node/package.json')), 'bin/node');
const clientCommand = `${process.execPath} --import tsx ${join(projectRoot, 'test/helpers/conformance-client.ts')}`;

interface Check {
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  readonly errorMessage?: string;
}

interface Run {
  readonly exitCode: number | null;
  readonly output: string;
  readonly checks: Check[];
}

/** Runs one scenario with the installed CLI (exit code 1 on any failed check) and reads the checks it saved. */
async function runScenario(args: readonly string[]): Promise<Run> {
  const outDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  try {
    // The runner talks to loopback only; a proxy from the environment must not capture it.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(https?|all|no)_proxy$/i.test(name)),
    );
    const child = spawn(node22, [cli, ...args, '--output-dir', outDir], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    const [resultDir] = await readdir(outDir);
    const checks =
      resultDir === undefined
        ? []
        : (JSON.parse(await readFile(join(outDir, resultDir, 'checks.json'), 'utf8')) as Check[]);
    return { exitCode, output, checks };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

let upstream: URL | undefined;
const proxy = await startAuthProxy({
  authorization: `Bearer ${ALICE_TOKEN}`,
  upstream: () => {
    if (upstream === undefined) throw new Error('the MCP host is not started yet');
    return upstream;
  },
});
t.teardown(() => proxy.close());

// The runner addresses the proxy, so the proxy's address is this deployment's public Host and Origin, as behind any reverse proxy.
const host = await startTestHost({ allowedHosts: [new URL(proxy.origin).host], allowedOrigins: [proxy.origin] });
t.teardown(() => host.close());
upstream = new URL(host.url);

// Server scenarios are independent (the server keeps nothing between requests), so they run side by side; each subtest awaits its own.
const failedToRun = (err: unknown): Run => ({ exitCode: null, output: String(err), checks: [] });
const runs = new Map([
  ...SERVER_SCENARIOS.map((scenario) => [`server ${scenario}`, runScenario(['server', '--url', `${proxy.origin}/mcp`, '--scenario', scenario]).catch(failedToRun)] as const),
  // Client scenarios time the client (sse-retry measures its reconnect delay), so they run one after another, after the server ones.
  ...CLIENT_SCENARIOS.map((scenario) => [`client ${scenario}`, undefined] as const),
]);

t.test('the runner gets the Node 22 it needs from the devDependency', async (t) => {
  const version = await new Promise<string>((done, fail) => {
    const child = spawn(node22, ['--version'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('close', () => done(out.trim()));
  });
  t.match(version, /^v22\./);
});

for (const [name, started] of runs) {
  t.test(name, async (t) => {
    const running = started ?? runScenario(['client', '--command', clientCommand, '--scenario', name.slice('client '.length)]).catch(failedToRun);
    const run = await running;
    t.comment(`${name}: ${run.checks.filter((check) => check.status === 'SUCCESS').length} checks passed`);
    t.equal(run.exitCode, 0, 'the CLI reports no failed check', { output: run.output });
    t.ok(run.checks.length > 0, 'the scenario ran checks');
    // A reconnect a little late is the runner's timing read on a busy machine, not a verdict on the client.
    const warned = run.checks.filter((check) => check.status === 'WARNING' && check.name !== 'ClientRespectsRetryField').map((check) => check.name);
    t.same(warned, EXPECTED_WARNINGS[name] ?? [], 'warnings only where a stateless server cannot apply the scenario', { checks: run.checks });
    for (const check of run.checks) t.not(check.status, 'FAILURE', check.name, { errorMessage: check.errorMessage });
  });
}
