// The 2026-07-28 revision's rules at the /mcp edge, as raw HTTP against the spec text: discover, the `_meta` envelope,
// standard-header checks, versions, no sessions, subscriptions/listen, and bad input that leaves the server serving.
import t, { type Test } from 'tap';
import { request } from 'undici';
import { ALICE_TOKEN, BOB_TOKEN, extraTool, startTestHost } from './fixtures.ts';

const VERSION = '2026-07-28';
const host = await startTestHost({ toolsListTtlMs: 0 });
t.teardown(() => host.close());

const envelope = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
}

let nextId = 1;

/** One JSON-RPC request with the standard headers a 2026-07-28 client sends, each overridable (undefined drops it). */
async function rpc(
  method: string,
  params: Record<string, unknown>,
  options: { token?: string; headers?: Record<string, string | undefined>; meta?: Record<string, unknown> | null } = {},
): Promise<Reply> {
  const name = typeof params['name'] === 'string' ? params['name'] : undefined;
  const wanted: Record<string, string | undefined> = {
    authorization: `Bearer ${options.token ?? ALICE_TOKEN}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    'mcp-protocol-version': VERSION,
    'mcp-method': method,
    ...(name === undefined ? {} : { 'mcp-name': name }),
    ...options.headers,
  };
  const headers = Object.fromEntries(Object.entries(wanted).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const meta = options.meta === null ? {} : { _meta: options.meta ?? envelope };
  const reply = await request(host.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, ...meta } }),
  });
  const text = await reply.body.text();
  const dataLine = text.split('\n').find((line) => line.startsWith('data: '));
  return { status: reply.statusCode, headers: reply.headers, body: JSON.parse(dataLine ? dataLine.slice(6) : text) as Reply['body'] };
}

/** The server still answers an ordinary request after a refusal: nothing a bad request did changed its state. */
async function stillServing(t: Test): Promise<void> {
  const reply = await rpc('tools/call', { name: 'demo_echo', arguments: { text: 'still here' } });
  t.equal(reply.status, 200, 'the server keeps serving');
  t.match(reply.body.result, { content: [{ type: 'text', text: 'echo: still here' }] });
}

t.test('server/discover names the supported version and capabilities up front, with cache fields and the server identity', async (t) => {
  const reply = await rpc('server/discover', {});
  t.equal(reply.status, 200);
  t.match(reply.body.result, {
    supportedVersions: [VERSION],
    capabilities: { tools: { listChanged: true } },
    resultType: 'complete',
    cacheScope: 'private',
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'nexus-operations-test', version: '0.0.0' } },
  });
  t.type(reply.body.result?.['ttlMs'], 'number');
});

t.test('tools/list says honestly how long it holds: ttlMs 0 while plugins may hot-load, private to the caller', async (t) => {
  const reply = await rpc('tools/list', {});
  t.equal(reply.status, 200);
  t.match(reply.body.result, { ttlMs: 0, cacheScope: 'private', resultType: 'complete' });
  const fixed = await startTestHost({ toolsListTtlMs: 300_000 });
  t.teardown(() => fixed.close());
  const listed = await request(fixed.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ALICE_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } }),
  });
  t.match(JSON.parse(await listed.body.text()), { result: { ttlMs: 300_000, cacheScope: 'private' } }, 'a fixed tool set may be kept longer');
});

t.test('no response of either era carries Mcp-Session-Id', async (t) => {
  const modern = await rpc('tools/list', {});
  t.equal(modern.headers['mcp-session-id'], undefined);
  const legacy = await request(host.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${ALICE_TOKEN}`, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    }),
  });
  await legacy.body.text();
  t.equal(legacy.statusCode, 200);
  t.equal(legacy.headers['mcp-session-id'], undefined);
});

t.test('the `_meta` envelope is read per request: a request without it but with the 2026 header is invalid params', async (t) => {
  const reply = await rpc('tools/list', {}, { meta: null });
  t.equal(reply.status, 400);
  t.equal(reply.body.error?.code, -32602);
  t.match(reply.body.error?.message, /envelope/);
  await stillServing(t);
});

t.test('a request with no `_meta` version and no initialize is a 2025-era request, served statelessly as the 2025 spec says', async (t) => {
  const reply = await rpc('tools/list', {}, { meta: null, headers: { 'mcp-protocol-version': undefined, 'mcp-method': undefined } });
  t.equal(reply.status, 200, 'a server without the header assumes 2025-03-26; a stateless one needs no initialize first');
  t.ok(Array.isArray(reply.body.result?.['tools']));
  t.equal(reply.body.result?.['ttlMs'], undefined, '2025-era results carry no cache fields');
});

t.test('an unsupported protocol version gets -32022 naming the supported ones', async (t) => {
  const reply = await rpc('tools/list', {}, {
    meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
    headers: { 'mcp-protocol-version': '2099-01-01' },
  });
  t.equal(reply.status, 400);
  t.equal(reply.body.error?.code, -32022);
  t.match(reply.body.error?.data, { supported: [VERSION], requested: '2099-01-01' });
  await stillServing(t);
});

t.test('an Mcp-Method header that disagrees with the body gets -32020', async (t) => {
  const reply = await rpc('tools/list', {}, { headers: { 'mcp-method': 'tools/call' } });
  t.equal(reply.status, 400);
  t.equal(reply.body.error?.code, -32020);
  t.match(reply.body.error?.message, /Mcp-Method/);
  const missing = await rpc('tools/list', {}, { headers: { 'mcp-method': undefined } });
  t.equal(missing.status, 400, 'the header is required on a 2026-07-28 request');
  t.equal(missing.body.error?.code, -32020);
  await stillServing(t);
});

t.test('an Mcp-Name header that disagrees with the tool called gets -32020, and the tool does not run', async (t) => {
  const before = host.logs.filter((line) => line['msg'] === 'tool call succeeded').length;
  const reply = await rpc('tools/call', { name: 'demo_status', arguments: { deviceId: 'd' } }, { headers: { 'mcp-name': 'demo_echo' } });
  t.equal(reply.status, 400);
  t.equal(reply.body.error?.code, -32020);
  t.match(reply.body.error?.message, /Mcp-Name/);
  t.equal(host.logs.filter((line) => line['msg'] === 'tool call succeeded').length, before);
  await stillServing(t);
});

t.test('ping, removed by the revision, is method not found', async (t) => {
  const reply = await rpc('ping', {});
  t.equal(reply.body.error?.code, -32601);
  await stillServing(t);
});

t.test('an unknown tool is -32602 in the JSON-RPC error, not a made-up result', async (t) => {
  const reply = await rpc('tools/call', { name: 'demo_nope', arguments: {} });
  t.equal(reply.body.error?.code, -32602);
  t.match(reply.body.error?.message, /Unknown tool: demo_nope/);
  await stillServing(t);
});

t.test('a foreign Origin is 403 and a missing or revoked token 401, before any MCP processing', async (t) => {
  const foreign = await rpc('tools/list', {}, { headers: { origin: 'http://evil.example.com' } });
  t.equal(foreign.status, 403);
  t.match(foreign.body, { error: { code: 'origin_forbidden' } });
  const anonymous = await rpc('tools/list', {}, { headers: { authorization: undefined } });
  t.equal(anonymous.status, 401);
  t.equal(anonymous.headers['www-authenticate'], 'Bearer');
  const revocable = await startTestHost();
  t.teardown(() => revocable.close());
  revocable.authenticator.revoke(BOB_TOKEN);
  const revoked = await request(revocable.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${BOB_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } }),
  });
  t.equal(revoked.statusCode, 401);
  t.match(JSON.parse(await revoked.body.text()), { error: { code: 'token_revoked' } });
  await stillServing(t);
});

t.test('the role is re-read on every call: the same token sees what its role allows now', async (t) => {
  const alice = await rpc('tools/call', { name: 'demo_admin_reset', arguments: {} });
  t.match(alice.body.result, { isError: true, _meta: { 'nexus/error': { code: 'forbidden' } } });
  const bob = await rpc('tools/call', { name: 'demo_admin_reset', arguments: {} }, { token: BOB_TOKEN });
  t.match(bob.body.result, { content: [{ type: 'text', text: 'reset' }] });
});

t.test('subscriptions/listen: acknowledged first, then tools/list_changed when the catalog changes', async (t) => {
  const reply = await request(host.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ALICE_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': VERSION,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'listen-1', method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: envelope } }),
  });
  t.equal(reply.statusCode, 200);
  t.match(reply.headers['content-type'], /text\/event-stream/);
  t.equal(reply.headers['mcp-session-id'], undefined);

  const messages: Array<{ method?: string; params?: Record<string, unknown> }> = [];
  let buffer = '';
  // One iterator for the whole stream: leaving a for-await early would destroy the body.
  const chunks = reply.body[Symbol.asyncIterator]();
  const waitFor = async (method: string) => {
    for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) {
      buffer += (next.value as Buffer).toString('utf8');
      const lines = buffer.split('\n');
      // The last piece may be a line still arriving; it is read with the next chunk.
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)) as (typeof messages)[number]);
      }
      if (messages.some((message) => message.method === method)) return;
    }
  };
  await waitFor('notifications/subscriptions/acknowledged');
  t.match(messages[0], { method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true } } });

  host.catalog.add(extraTool);
  await waitFor('notifications/tools/list_changed');
  t.ok(messages.some((message) => message.method === 'notifications/tools/list_changed'));
  // The client hangs up its stream; the server drops it quietly.
  reply.body.destroy();
  await stillServing(t);
});
