// The HTTP edge of /mcp: rebinding guard before auth, auth on every request, no sessions on either era, body limit, health.
import { Readable } from 'node:stream';
import t from 'tap';
import { request } from 'undici';
import { ALICE_TOKEN, BOB_TOKEN, startTestHost } from './fixtures.ts';

const host = await startTestHost();
t.teardown(() => host.close());
const { port } = new URL(host.url);

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  options: { token?: string; headers?: Record<string, string>; body?: string; path?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
    ...options.headers,
  };
  const reply = await request(new URL(options.path ?? '/mcp', host.url), {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  return { status: reply.statusCode, headers: reply.headers, text: await reply.body.text() };
}

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});
const listTools = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });

function errorCode(reply: Reply): unknown {
  return (JSON.parse(reply.text) as { error: { code: unknown } }).error.code;
}

t.test('health needs no token', async (t) => {
  const reply = await send('GET', { path: '/health' });
  t.equal(reply.status, 200);
  t.strictSame(JSON.parse(reply.text), { status: 'ok' });
});

t.test('a request without a token is refused with 401 and a Bearer challenge', async (t) => {
  const reply = await send('POST', { body: initialize });
  t.equal(reply.status, 401);
  t.equal(reply.headers['www-authenticate'], 'Bearer');
  t.equal(errorCode(reply), 'unauthorized');
});

t.test('a foreign Origin is refused with 403, before authentication', async (t) => {
  const withToken = await send('POST', {
    token: ALICE_TOKEN,
    body: initialize,
    headers: { origin: 'http://evil.example.com' },
  });
  t.equal(withToken.status, 403);
  t.equal(errorCode(withToken), 'origin_forbidden');
  const withoutToken = await send('POST', { body: initialize, headers: { origin: 'http://evil.example.com' } });
  t.equal(withoutToken.status, 403, 'no 401: the guard answers first');
});

t.test("the server's own loopback origin is accepted", async (t) => {
  const reply = await send('POST', {
    token: ALICE_TOKEN,
    body: initialize,
    headers: { origin: `http://localhost:${port}` },
  });
  t.equal(reply.status, 200);
});

t.test('a Host header that is not ours is refused with 403', async (t) => {
  const reply = await send('POST', {
    token: ALICE_TOKEN,
    body: initialize,
    headers: { host: `evil.example.com:${port}` },
  });
  t.equal(reply.status, 403);
  t.equal(errorCode(reply), 'host_forbidden');
});

t.test('a 2025-era client needs no session: every request stands alone, and none is answered with a session id', async (t) => {
  const opened = await send('POST', { token: ALICE_TOKEN, body: initialize });
  t.equal(opened.status, 200);
  t.equal(opened.headers['mcp-session-id'], undefined);
  // As after an initialize on another copy of the server: the next request may land anywhere.
  const listed = await send('POST', { token: BOB_TOKEN, body: listTools, headers: { 'mcp-protocol-version': '2025-06-18' } });
  t.equal(listed.status, 200);
  t.equal(listed.headers['mcp-session-id'], undefined);
  t.match(listed.text, /demo_admin_reset/, 'answered for the identity of this request, not of an earlier one');
  const stale = await send('POST', {
    token: ALICE_TOKEN,
    body: listTools,
    headers: { 'mcp-protocol-version': '2025-06-18', 'mcp-session-id': 'from-a-sessionful-server' },
  });
  t.equal(stale.status, 200, 'a session id left over from a sessionful server is ignored');
  t.notMatch(stale.text, /demo_admin_reset/);
});

t.test('a revoked token stops working on the very next request', async (t) => {
  const revocable = await startTestHost();
  t.teardown(() => revocable.close());
  const reply = await request(revocable.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ALICE_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: initialize,
  });
  await reply.body.text();
  t.equal(reply.statusCode, 200);
  revocable.authenticator.revoke(ALICE_TOKEN);
  const next = await request(revocable.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ALICE_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-06-18',
    },
    body: listTools,
  });
  t.equal(next.statusCode, 401);
  t.equal(next.headers['www-authenticate'], 'Bearer error="invalid_token"');
  t.equal((JSON.parse(await next.body.text()) as { error: { code: string } }).error.code, 'token_revoked');
});

t.test('GET and DELETE, the 2025 session operations, are answered 405 on the stateless lane', async (t) => {
  for (const method of ['GET', 'DELETE'] as const) {
    const reply = await send(method, { token: ALICE_TOKEN, headers: { 'mcp-session-id': 'any' } });
    t.equal(reply.status, 405, method);
    t.equal(reply.headers['allow'], 'POST');
    t.equal(reply.headers['mcp-session-id'], undefined);
  }
  const anonymous = await send('GET', {});
  t.equal(anonymous.status, 401, 'authentication still comes first');
});

t.test('malformed JSON is a JSON-RPC parse error', async (t) => {
  const reply = await send('POST', { token: ALICE_TOKEN, body: '{"jsonrpc": ' });
  t.equal(reply.status, 400);
  t.match(JSON.parse(reply.text), { jsonrpc: '2.0', error: { code: -32700 }, id: null });
});

t.test('a body over 4 MiB is refused with 413', async (t) => {
  const huge = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024) } });
  const declared = await send('POST', { token: ALICE_TOKEN, body: huge });
  t.equal(declared.status, 413, 'by its Content-Length');
  t.equal(errorCode(declared), 'payload_too_large');

  // Chunked, without a Content-Length: the limit applies while reading.
  const streamed = await request(host.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ALICE_TOKEN}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: Readable.from([huge.slice(0, 1024 * 1024), huge.slice(1024 * 1024)]),
  });
  t.equal(streamed.statusCode, 413, 'while streaming');
  t.equal((JSON.parse(await streamed.body.text()) as { error: { code: string } }).error.code, 'payload_too_large');
});

t.test('other paths are 404', async (t) => {
  const reply = await send('GET', { path: '/nope' });
  t.equal(reply.status, 404);
  t.equal(errorCode(reply), 'route_not_found');
});
