// The harness's MCP client against a server nobody here wrote: the MCP project's own "everything" server from the npm
// registry, over stdio and over Streamable HTTP. Its tools are listed and called, and its list_changed is followed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import t, { type Test } from 'tap';
import { pino } from 'pino';
import { createMcpClientPool, type ToolsChangedEvent } from '../../../harness/mcp/mcp-client-pool.ts';
import type { ResolvedMcpServer } from '../../../harness/mcp/mcp-servers.ts';
import { createMcpToolSource } from '../../../harness/mcp/mcp-tool-source.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { freePort } from '../../helpers/free-port.ts';
import { identity } from '../fixtures.ts';

const everything = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');
const logger = pino({ level: 'silent' });
const profile = parseRuntimeProfile(['version: 1', 'roles:', '  member: { permissions: [], tools: ["*"] }'].join('\n'), 'test-profile');
const context = { identity, runId: 'r', threadId: 't', toolCallId: 'c', signal: new AbortController().signal };
// Registered by the server once the client's initialize completes, announced with notifications/tools/list_changed.
const LATE_TOOL = 'simulate-research-query';

function changeWith(pool: ReturnType<typeof createMcpClientPool>, tool: string): Promise<ToolsChangedEvent> {
  return new Promise((resolve) => {
    const stop = pool.onToolsChanged((event) => {
      if (!event.tools.includes(tool)) return;
      stop();
      resolve(event);
    });
  });
}

async function exercise(t: Test, spec: ResolvedMcpServer) {
  const pool = createMcpClientPool({ serviceSecret: 's'.repeat(40), logger, idleMs: 60_000 });
  t.teardown(() => pool.close());
  const announced = changeWith(pool, LATE_TOOL);
  const source = createMcpToolSource('everything', pool.connection(spec, identity), profile);
  const listed = (await source.listTools()).map((tool) => tool.name);
  t.ok(listed.includes('echo') && listed.includes('get-sum'), 'its tools are listed');
  t.equal(pool.status([spec])[0]?.era, 'legacy', 'a 2025-era server: the client fell back from server/discover to initialize');

  const echoed = await source.callTool('echo', { message: 'hello' }, context);
  t.match(echoed.content, [{ type: 'text', text: /hello/ }]);
  const sum = await source.callTool('get-sum', { a: 2, b: 3 }, context);
  t.match(sum.content, [{ type: 'text', text: /5/ }]);
  const wrong = await source.callTool('get-sum', { a: 'two' }, context);
  t.equal(wrong.isError, true, 'its own argument check answers as an isError result');
  return { pool, source, announced };
}

t.test('over stdio', async (t) => {
  const spec: ResolvedMcpServer = { name: 'everything', transport: 'stdio', command: process.execPath, args: [everything, 'stdio'], envFrom: {} };
  const { source, announced } = await exercise(t, spec);
  await announced;
  t.ok((await source.listTools()).some((tool) => tool.name === LATE_TOOL), 'the list_changed was followed: the late tool is listed');
});

t.test('over Streamable HTTP', async (t) => {
  const port = await freePort();
  const child = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGTERM');
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (/listening on port/.test(line)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code})`)));
  });
  const spec: ResolvedMcpServer = { name: 'everything', transport: 'http', url: `http://127.0.0.1:${port}/mcp`, auth: 'none' };
  const { source } = await exercise(t, spec);
  // The notification rides the standalone GET stream the client opens after initialize, so it may come before that stream is
  // up; the listing shows the late tool either way, since the server registers it before it answers the next request.
  t.ok((await source.listTools()).some((tool) => tool.name === LATE_TOOL), 'the late tool is listed');
});
