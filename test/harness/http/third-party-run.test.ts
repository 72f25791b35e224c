// Runs through the whole harness service against an MCP server nobody here wrote (the MCP project's "everything" server from
// the npm registry), over stdio and over Streamable HTTP: the model is offered its tools, calls them in a run, the run records
// its real answers under the server's profile name, and a tool it adds later reaches a later run of the same harness.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import type { ToolsChangedEvent } from '../../../harness/mcp/mcp-client-pool.ts';
import type { RecordedRequest } from '../../helpers/scripted-model-server.ts';
import { freePort } from '../../helpers/free-port.ts';
import { startHeldInitializedProxy } from '../../helpers/held-initialized-proxy.ts';
import { writeSkill } from '../skills/skill-files.ts';
import { runRequest, startRig, type Rig } from './harness-rig.ts';

const everything = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');
const relay = fileURLToPath(new URL('../../helpers/stdio-held-initialized.ts', import.meta.url));
// server-everything registers it once the client's initialize is complete, and announces it with notifications/tools/list_changed.
const LATE_TOOL = 'simulate-research-query';
const SERVER = 'everything';
const TOOLS = ['echo', 'get-sum', LATE_TOOL];
// The harness's own tool, offered in every run beside the MCP servers' tools; everything else offered came from the server.
const NATIVE_TOOL = 'request_human_input';

/** The profile: the member may use exactly these tools, and the only MCP server is server-everything. */
function everythingProfile(modelUrl: string, server: string[]): string {
  return [
    'version: third-party-1',
    'roles:',
    `  member: { permissions: [], tools: ${JSON.stringify(TOOLS)} }`,
    'model:',
    '  provider: openai',
    `  baseUrl: ${modelUrl}`,
    '  model: scripted',
    '  maxRetries: 0',
    'mcp:',
    '  servers:',
    ...server,
  ].join('\n');
}

const callBoth = {
  toolCalls: [
    { id: 'call-echo', name: 'echo', arguments: { message: 'hello from nexus' } },
    { id: 'call-sum', name: 'get-sum', arguments: { a: 2, b: 3 } },
  ],
};

function offeredTools(request: RecordedRequest | undefined): Array<{ name: string; description: string }> {
  return ((request?.body.tools ?? []) as Array<{ function: { name: string; description: string } }>).map((tool) => tool.function);
}

function offered(request: RecordedRequest | undefined): string[] {
  return offeredTools(request).map((tool) => tool.name).sort();
}

function plusNative(names: string[]): string[] {
  return [...names, NATIVE_TOOL].sort();
}

// A bound, not a pause: the wait ends the moment the harness reports the new list, and fails clearly if it never does.
const ANNOUNCE_BOUND_MS = 15_000;

function toolsChangedWith(rig: Rig, tool: string): Promise<ToolsChangedEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the harness did not follow server-everything's list_changed to ${tool} within ${ANNOUNCE_BOUND_MS} ms`));
    }, ANNOUNCE_BOUND_MS);
    const stop = rig.harness.pool.onToolsChanged((event) => {
      if (event.server !== SERVER || !event.tools.includes(tool)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

async function startEverythingRig(t: Test, server: string[]): Promise<Rig> {
  const rig = await startRig(t, { script: [callBoth, { text: 'The echo said hello and 2 + 3 is 5.' }, { text: 'Ready.' }], profile: (url) => everythingProfile(url, server) });
  const reloaded = rig.nextReload((report) => report.changed);
  await writeSkill(rig.skillRoot, 'everything', { description: 'Echoes and adds numbers.', allowedTools: TOOLS, body: 'Use the tools.' });
  await reloaded;
  return rig;
}

/** Run 1: the model calls both tools; the record carries the server's own answers and names the server they ran on. */
async function runCallingBoth(t: Test, rig: Rig) {
  const res = await rig.post('/runs', runRequest({ skill: 'everything' }));
  t.equal(res.status, 200);
  t.match(res.body, { status: 'completed', answer: 'The echo said hello and 2 + 3 is 5.', grounding: 'tools' });
  const calls = res.body.toolCalls as Array<Record<string, any>>;
  t.match(calls, [
    { toolCallId: 'call-echo', name: 'echo', status: 'succeeded', source: SERVER, result: { isError: false, content: [{ type: 'text', text: 'Echo: hello from nexus' }] } },
    { toolCallId: 'call-sum', name: 'get-sum', status: 'succeeded', source: SERVER, result: { isError: false, content: [{ type: 'text', text: 'The sum of 2 and 3 is 5.' }] } },
  ]);
  // The model's second request carries each result back as the tool message, so the answer rests on what the server said.
  const messages = JSON.stringify(rig.model.requests[1]?.body.messages);
  t.match(messages, /Echo: hello from nexus/);
  t.match(messages, /The sum of 2 and 3 is 5\./);
  return res.body;
}

t.test('over stdio: tools listed and called in a run, and a tool added later reaches the next run of the same harness', async (t) => {
  // The relay holds server-everything's `notifications/initialized` until the first tools/call is answered, so its late
  // tool is registered (and list_changed sent) only after run 1 has been offered the list: absent first, known later.
  const rig = await startEverythingRig(t, [`    - { name: ${SERVER}, command: ${JSON.stringify(process.execPath)}, args: ${JSON.stringify(['--import', 'tsx', relay, process.execPath, everything, 'stdio'])} }`]);
  const announced = toolsChangedWith(rig, LATE_TOOL);
  await runCallingBoth(t, rig);
  t.same(offered(rig.model.requests[0]), plusNative(['echo', 'get-sum']), 'run 1 was offered what server-everything listed, before it added its late tool');
  const descriptions = Object.fromEntries(offeredTools(rig.model.requests[0]).map((tool) => [tool.name, tool.description]));
  t.same(descriptions, { [NATIVE_TOOL]: descriptions[NATIVE_TOOL], echo: 'Echoes back the input string', 'get-sum': 'Returns the sum of two numbers' }, 'the descriptions are the server’s own');

  await announced;
  const second = await rig.post('/runs', runRequest({ skill: 'everything' }));
  t.match(second.body, { status: 'completed', answer: 'Ready.' });
  t.same(offered(rig.model.requests[2]), plusNative(TOOLS), 'run 2, same harness process, was offered the tool the list_changed announced');
  t.match(rig.harness.service.status(), { mcp: [{ name: SERVER, transport: 'stdio' }] });
});

t.test('over Streamable HTTP: tools listed and called in a run, and a tool added later reaches the next run of the same harness', async (t) => {
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
  // Without the proxy the late tool's list_changed races the client's standalone GET stream (server-everything sends it
  // while handling the initialized POST, and the client opens the stream only after that POST is answered), and the tool
  // is already in the first listing; the proxy delivers the initialized notification once run 1 has used the tools and
  // the stream is open, so the tool is absent first and announced on the stream later.
  const proxy = await startHeldInitializedProxy(new URL(`http://127.0.0.1:${port}/mcp`));
  t.teardown(() => proxy.close());
  const rig = await startEverythingRig(t, [`    - { name: ${SERVER}, url: "${proxy.url}" }`]);
  const announced = toolsChangedWith(rig, LATE_TOOL);
  await runCallingBoth(t, rig);
  t.same(offered(rig.model.requests[0]), plusNative(['echo', 'get-sum']), 'run 1 was offered what server-everything listed, before it added its late tool');

  await announced;
  const second = await rig.post('/runs', runRequest({ skill: 'everything' }));
  t.match(second.body, { status: 'completed', answer: 'Ready.' });
  t.same(offered(rig.model.requests[2]), plusNative(TOOLS), 'run 2, same harness process, was offered the tool the list_changed announced');
  t.match(rig.harness.service.status(), { mcp: [{ name: SERVER, transport: 'http', era: 'legacy' }] });
});
