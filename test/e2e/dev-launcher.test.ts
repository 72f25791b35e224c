// npm start end to end: the launcher brings up API, MCP and worker, prints an admin token, and hot-loads a plugin folder.
import t from 'tap';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTestEnv } from '../helpers/test-env.ts';
import { eventually, startLauncher } from '../helpers/launcher.ts';

const te = await createTestEnv(t);
const launcher = await startLauncher(te);
t.teardown(() => launcher.stop());
const headers = { authorization: `Bearer ${launcher.adminToken}` };
const plugins = async () => {
  const res = await fetch(`${launcher.apiUrl}/api/system/plugins`, { headers });
  return ((await res.json()) as { plugins: { name: string; state: string }[] }).plugins;
};

t.test('the first screen names the URLs and a working admin token', async (t) => {
  t.match(launcher.output.join('\n'), /API\s+http:\/\/127\.0\.0\.1:\d+\s+up/);
  t.match(launcher.output.join('\n'), /Operations MCP\s+http:\/\/127\.0\.0\.1:\d+\/mcp\s+up/);
  const res = await fetch(`${launcher.apiUrl}/api/system/plugins`, { headers });
  t.equal(res.status, 200);
  t.same(await plugins(), []);
  t.equal((await fetch(`${launcher.apiUrl}/docs`)).status, 200);
});

t.test('a plugin folder copied in while running appears over REST and MCP, and goes again when removed', async (t) => {
  const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  let listChanged = 0;
  let told: () => void = () => undefined;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    listChanged++;
    told();
  });
  const nextChange = () => new Promise<void>((resolve) => (told = resolve));
  await client.connect(new StreamableHTTPClientTransport(new URL(launcher.mcpUrl), { requestInit: { headers } }));
  t.teardown(() => client.close());
  await client.listen({ toolsListChanged: true });
  t.same((await client.listTools()).tools, []);
  const loaded = nextChange();

  await te.addPlugin('hello');
  await eventually(async () => ((await plugins()).some((p) => p.name === 'hello' && p.state === 'loaded') ? true : undefined), 'hello over REST');
  const greet = await fetch(`${launcher.apiUrl}/api/hello/greetings`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace' }),
  });
  t.same(await greet.json(), { greeting: 'Hello, Grace!', count: 1 });

  await loaded;
  t.ok(listChanged >= 1, 'the listening MCP client was told the tool list changed');
  const tool = (await client.listTools()).tools.find((x) => x.name === 'hello_greet');
  t.equal(tool?.annotations?.destructiveHint, false);
  const result = await client.callTool({ name: 'hello_greet', arguments: { name: 'Grace' } });
  t.same(result.structuredContent, { greeting: 'Hello, Grace!', count: 2 });

  const unloaded = nextChange();
  await te.removePlugin('hello');
  await eventually(async () => ((await plugins()).length === 0 ? true : undefined), 'hello gone from REST');
  t.equal((await fetch(`${launcher.apiUrl}/api/hello/greetings`, { method: 'POST', headers })).status, 404);
  await unloaded;
  t.same((await client.listTools()).tools, [], 'told again when the plugin went, and hello_greet is gone from MCP');
});

t.test('the MCP server refuses a foreign origin and a missing token', async (t) => {
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const noToken = await fetch(launcher.mcpUrl, { method: 'POST', headers: base, body: JSON.stringify(init) });
  t.equal(noToken.status, 401);
  const foreign = await fetch(launcher.mcpUrl, { method: 'POST', headers: { ...base, ...headers, origin: 'https://evil.example' }, body: JSON.stringify(init) });
  t.equal(foreign.status, 403);
});

t.test('SIGTERM stops every process and the launcher exits 0', async (t) => {
  t.equal(await launcher.stop(), 0);
  await t.rejects(fetch(`${launcher.apiUrl}/health`), 'the API is gone');
});
