// The MCP ToolSource against real MCP servers of both eras: service headers, one client per identity, results kept whole, list_changed, restarts.
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { pino } from 'pino';
import { createMcpClientPool, type ToolsChangedEvent } from '../../../harness/mcp/mcp-client-pool.ts';
import type { ResolvedMcpServer } from '../../../harness/mcp/mcp-servers.ts';
import { createMcpToolSource } from '../../../harness/mcp/mcp-tool-source.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { startMcpTestServer, type McpTestServer } from '../../helpers/mcp-test-server.ts';
import { identity } from '../fixtures.ts';

const secret = 's'.repeat(40);
const logger = pino({ level: 'silent' });
const boss = { ...identity, userId: 'boss', tokenId: 'token-boss' };
const profile = parseRuntimeProfile(
  ['version: 1', 'roles:', '  member: { permissions: [], tools: ["*"] }', 'tools:', '  item_write: { description: Writes one item (profile text). }', '  item_hidden: { enabled: false }'].join('\n'),
  'test-profile',
);

const tools = [
  {
    name: 'item_read',
    description: 'Reads an item.',
    fields: ['id'],
    annotations: { readOnlyHint: true },
    run: (args: Record<string, string>) => ({
      content: [{ type: 'text' as const, text: `item ${args.id}` }],
      structuredContent: { id: args.id },
      _meta: { 'test/served-by': 'mcp' },
    }),
  },
  { name: 'item_write', description: 'Writes an item.', fields: ['id'] },
  {
    name: 'item_fail',
    description: 'Always fails.',
    run: () => ({ isError: true, content: [{ type: 'text' as const, text: 'offline' }], _meta: { 'nexus/error': { code: 'offline', message: 'offline' } } }),
  },
  { name: 'item_hidden', description: 'Switched off by the profile.' },
  { name: 'item_admin', description: 'Only the boss sees this.' },
];

type Era = 'modern' | 'legacy';

async function setup(t: { teardown(fn: () => unknown): void }, era: Era, options: { secret?: string; now?: () => number } = {}) {
  const server = await startMcpTestServer({ secret, tools, era, visibleTo: (userId, tool) => tool !== 'item_admin' || userId === 'boss' });
  const pool = createMcpClientPool({ serviceSecret: options.secret ?? secret, logger, idleMs: 60_000, ...(options.now ? { now: options.now } : {}) });
  t.teardown(async () => {
    await pool.close();
    await server.close();
  });
  const spec: ResolvedMcpServer = { name: 'ops', transport: 'http', url: server.url, auth: 'service' };
  const source = (who = identity) => createMcpToolSource('ops', pool.connection(spec, who), profile);
  return { server, pool, spec, source };
}

const context = (who = identity) => ({ identity: who, runId: 'r', threadId: 't', toolCallId: 'c', signal: new AbortController().signal });

function nextChange(pool: ReturnType<typeof createMcpClientPool>, predicate: (event: ToolsChangedEvent) => boolean): Promise<ToolsChangedEvent> {
  return new Promise((resolve) => {
    const stop = pool.onToolsChanged((event) => {
      if (!predicate(event)) return;
      stop();
      resolve(event);
    });
  });
}

for (const era of ['modern', 'legacy'] as const) {
  t.test(`against a ${era === 'modern' ? '2026-07-28' : '2025-era'} server`, async (t) => {
    t.test('lists and calls over the real protocol with the service headers, keeping every part of a result', async (t) => {
      const { server, source, pool, spec } = await setup(t, era);
      const ops = source();
      const listed = await ops.listTools();
      t.equal(pool.status([spec])[0]?.era, era, era === 'modern' ? 'the client negotiated 2026-07-28' : 'the client fell back to the 2025 handshake');
      t.same(listed.map((tool) => tool.name), ['item_read', 'item_write', 'item_fail'], 'switched-off and other roles\' tools are not listed');
      t.equal(listed.find((tool) => tool.name === 'item_write')?.description, 'Writes one item (profile text).', 'the profile description wins');
      t.match(listed.find((tool) => tool.name === 'item_read')?.annotations, { readOnlyHint: true });
      const read = await ops.callTool('item_read', { id: '7' }, context());
      t.same(read, { content: [{ type: 'text', text: 'item 7' }], structuredContent: { id: '7' }, _meta: { 'test/served-by': 'mcp' } });
      const failed = await ops.callTool('item_fail', {}, context());
      t.match(failed, { isError: true, content: [{ text: 'offline' }], _meta: { 'nexus/error': { code: 'offline' } } });
      t.match(server.calls[0], { name: 'item_read', userId: 'user-1', tokenId: 'token-1', correlationId: 'corr-1' });
      t.equal(server.refused, 0);
    });

    t.test("the run's traceparent travels in each call's _meta", async (t) => {
      const { server, source } = await setup(t, era);
      const traced = { ...identity, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
      await source(traced).callTool('item_write', { id: 'x' }, context(traced));
      t.equal(server.calls.at(-1)?.traceparent, traced.traceparent);
      await source().callTool('item_write', { id: 'y' }, context());
      t.equal(server.calls.at(-1)?.traceparent, undefined, 'nothing is made up when the run has none');
    });

    t.test('a wrong service secret is refused by the server and reported, never retried forever', async (t) => {
      const { server, source } = await setup(t, era, { secret: 'w'.repeat(40) });
      await t.rejects(source().listTools(), /cannot connect to MCP server "ops"/);
      t.ok(server.refused > 0);
    });

    t.test('one client per (server, user, credential): each identity sees its own tool list', async (t) => {
      const { server, source } = await setup(t, era);
      await source().listTools();
      await source().listTools();
      t.equal(server.handshakeCount('user-1'), 1, 'the same identity reuses its connection: no handshake per run');
      const bossTools = (await source(boss).listTools()).map((tool) => tool.name);
      t.ok(bossTools.includes('item_admin'));
      await source({ ...identity, tokenId: 'token-2' }).listTools();
      t.equal(server.handshakeCount('user-1'), 2, 'another credential of the same user gets its own client');
      await source(boss).callTool('item_write', { id: 'b' }, context(boss));
      t.match(server.calls.at(-1), { userId: 'boss', tokenId: 'token-boss' });
    });

    t.test('notifications/tools/list_changed refreshes the cached list', async (t) => {
      const { server, pool, source } = await setup(t, era);
      const ops = source();
      await ops.listTools();
      const added = nextChange(pool, (event) => event.tools.includes('item_new'));
      server.addTool({ name: 'item_new', description: 'Arrived later.' });
      await added;
      t.ok((await ops.listTools()).some((tool) => tool.name === 'item_new'));
      const removed = nextChange(pool, (event) => !event.tools.includes('item_read'));
      server.removeTool('item_read');
      await removed;
      t.notOk((await ops.listTools()).some((tool) => tool.name === 'item_read'));
      t.equal(server.handshakeCount(), 1, 'refreshing needs no new connection');
    });

    t.test('after the server restarts, the client reconnects and carries on', async (t) => {
      const { server, source, pool, spec } = await setup(t, era);
      const ops = source();
      await ops.listTools();
      await server.restart();
      const result = await ops.callTool('item_write', { id: 'after' }, context());
      t.same(result.content, [{ type: 'text', text: 'item_write ran' }], 'it ran once: a 2025 server refused the forgotten session (404), a 2026 one needs none');
      t.equal(server.calls.filter((call) => call.name === 'item_write').length, 1);
      // A 2026-07-28 call needs no reconnect at all; when the client notices its dropped listen stream is a race not asserted on.
      if (era === 'legacy') t.equal(server.handshakeCount(), 2, 'the forgotten session was opened again');
      t.ok((await ops.listTools()).length > 0);
      t.match(pool.status([spec]), [{ name: 'ops', clients: 1, tools: ['item_fail', 'item_hidden', 'item_read', 'item_write'] }], 'status shows what the server offers');
    });

    t.test('a connection lost mid-call is repeated only for idempotent or read-only tools', async (t) => {
      const { server, source } = await setup(t, era);
      const ops = source();
      await ops.listTools();
      server.dropNextCall('item_write');
      await t.rejects(ops.callTool('item_write', { id: 'x' }, context()), /outcome is unknown, so it was not repeated/);
      t.equal(server.calls.filter((call) => call.name === 'item_write').length, 1, 'the write happened once and was not repeated');
      server.dropNextCall('item_read');
      const read = await ops.callTool('item_read', { id: 'y' }, context());
      t.same(read.structuredContent, { id: 'y' });
      t.equal(server.calls.filter((call) => call.name === 'item_read').length, 2, 'the read was repeated after reconnecting');
    });

    t.test('an unreachable server fails the listing with its name; idle clients are closed', async (t) => {
      let now = 1_000;
      const { server, source, pool, spec } = await setup(t, era, { now: () => now });
      await source().listTools();
      t.equal(server.sessionCount(), era === 'legacy' ? 1 : 0, 'only a 2025 server holds a session');
      now += 61_000;
      t.equal(await pool.sweepIdle(), 1);
      t.equal(server.sessionCount(), 0, 'a 2025 session was ended on the server too');
      await server.close();
      await t.rejects(source().listTools(), /cannot connect to MCP server "ops"/);
      t.match(pool.status([spec])[0], { clients: 1, lastError: /fetch failed|ECONNREFUSED/ });
    });
  });
}

t.test('a stdio server from the profile: one shared client, and only the environment the profile names', async (t) => {
  const pool = createMcpClientPool({ serviceSecret: secret, logger, idleMs: 60_000 });
  t.teardown(() => pool.close());
  process.env.HARNESS_TEST_GREETING = 'hello from the harness';
  t.teardown(() => delete process.env.HARNESS_TEST_GREETING);
  const spec: ResolvedMcpServer = {
    name: 'local',
    transport: 'stdio',
    command: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL('../../helpers/stdio-mcp-server.ts', import.meta.url))],
    envFrom: { GREETING: 'HARNESS_TEST_GREETING' },
  };
  const local = createMcpToolSource('local', pool.connection(spec, identity), profile);
  t.same((await local.listTools()).map((tool) => tool.name), ['local_lookup']);
  t.same((await local.callTool('local_lookup', { key: 'GREETING' }, context())).content, [{ type: 'text', text: 'hello from the harness' }]);
  t.same((await local.callTool('local_lookup', { key: 'HARNESS_TEST_GREETING' }, context())).content, [{ type: 'text', text: '(unset)' }], 'nothing else leaks in');
  pool.connection(spec, boss);
  t.match(pool.status([spec]), [{ name: 'local', transport: 'stdio', clients: 1 }], 'a stdio server carries no identity, so all share it');
});
