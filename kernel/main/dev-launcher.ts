// `npm start`: one command that prepares the embedded defaults, supervises every Nexus process and says where to go.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createKernel } from '../boot/create-kernel.ts';
import { ConfigError, loadConfig } from '../config/load-config.ts';
import { bootstrapAdminToken } from '../identity/bootstrap-admin.ts';
import { loopbackFetch } from '../net/loopback-fetch.ts';
import { readManifests } from '../plugins/read-manifests.ts';
import { supervise, type SupervisedProcess } from './supervisor.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const write = (line: string) => process.stdout.write(line + '\n');

/**
 * V8 grows each process's young generation up to 2 x 16 MiB and never gives it back. The worker mostly waits for due
 * tasks, so a small one saves it about 30 MiB of idle RSS; on the request path (API, MCP, harness) the extra scavenges
 * cost more CPU per agent run than the memory is worth (bench/agent-runs, bench/idle-rss).
 */
const SMALL_YOUNG_GENERATION = ['--max-semi-space-size=2'];

/** The processes npm start runs; the harness joins when its entry point exists. */
const PROCESSES: { name: string; script: string; execArgv?: string[] }[] = [
  { name: 'api', script: 'kernel/main/api.ts' },
  { name: 'mcp', script: 'kernel/main/mcp.ts' },
  { name: 'worker', script: 'kernel/main/worker.ts', execArgv: SMALL_YOUNG_GENERATION },
  { name: 'harness', script: 'harness/main.ts' },
].filter((p) => existsSync(path.join(root, p.script)));

async function waitFor(url: string, deadlineMs: number): Promise<boolean> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await loopbackFetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function main(): Promise<void> {
  const env = { ...process.env, NEXUS_WATCH_PLUGINS: process.env.NEXUS_WATCH_PLUGINS ?? 'true' };
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(2);
    }
    throw err;
  }
  const kernel = await createKernel({ process: 'cli', env: { ...env, NEXUS_LOG_LEVEL: 'warn' }, watchProfile: false });
  const newToken = await bootstrapAdminToken(kernel.store, kernel.tokens);
  await kernel.close();

  // Plugin helpers (simulators) start first, so the processes find them when they load their plugins.
  const devProcesses = (await readManifests(config.pluginsDir)).flatMap((m) =>
    (m.definition.devProcesses ?? []).filter((d) => d.enabled(env)).map((d) => ({ name: d.name, script: path.join(m.dir, d.script) })),
  );
  const launched: { name: string; script: string; execArgv?: string[] }[] = [...devProcesses, ...PROCESSES.map((p) => ({ ...p, script: path.join(root, p.script) }))];
  const children: SupervisedProcess[] = launched.map((p) => supervise({ ...p, env, write }));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    write('Stopping…');
    await Promise.all(children.map((c) => c.stop()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const api = `http://${config.apiHost === '0.0.0.0' ? '127.0.0.1' : config.apiHost}:${config.apiPort}`;
  const mcp = `http://${config.mcpHost}:${config.mcpPort}`;
  const hasHarness = PROCESSES.some((p) => p.name === 'harness');
  const [apiUp, mcpUp, harnessUp] = await Promise.all([
    waitFor(`${api}/health`, 60_000),
    waitFor(`${mcp}/health`, 60_000),
    hasHarness ? waitFor(new URL('/health', config.harnessUrl).href, 60_000) : Promise.resolve(false),
  ]);
  const lines = [
    '',
    '  Nexus is running' + (config.mongodbUri ? ' on MongoDB' : ` on the embedded store in ${config.dataDir}`),
    `  API            ${config.publicUrl ?? api}   ${apiUp ? 'up' : 'NOT UP (see the [api] lines above)'}`,
    `  API docs       ${config.publicUrl ?? api}/docs`,
    `  Web console    ${config.publicUrl ?? api}/   (sign in with a token)`,
    `  Operations MCP ${mcp}/mcp   ${mcpUp ? 'up' : 'NOT UP (see the [mcp] lines above)'}`,
    `  Worker         running (no port)`,
    ...devProcesses.map((d) => `  ${d.name.padEnd(14)} running (dev helper)`),
    hasHarness ? `  Harness        ${config.harnessUrl}   ${harnessUp ? 'up' : 'NOT UP (see the [harness] lines above)'}` : '  Harness        not part of this build',
    '',
    newToken
      ? `  Admin token (shown once, keep it): ${newToken}`
      : '  Tokens already exist. Make another with: npx nexus token create --user <id> --role <role>',
    `  Try: curl -H "Authorization: Bearer <token>" ${api}/api/system/plugins`,
    '',
  ];
  write(lines.join('\n'));
}

await main();
