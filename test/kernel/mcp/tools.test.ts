// The MCP host seen through the SDK Client of either protocol era: listing per role, and every kind of tools/call outcome.
import t from 'tap';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { ERROR_META_KEY } from '../../../kernel/mcp/tool-results.ts';
import { ALICE_TOKEN, BOB_TOKEN, SECRET_IN_ERROR, connectClient, startTestHost } from './fixtures.ts';

const host = await startTestHost();
t.teardown(() => host.close());

function errorOf(result: { _meta?: Record<string, unknown> }): { code: string; message: string; details?: unknown } {
  return result._meta?.[ERROR_META_KEY] as { code: string; message: string; details?: unknown };
}

// One handler serves both eras, so each era gets the same answers.
for (const era of ['modern', 'legacy'] as const) {
  t.test(`${era} client`, async (t) => {
    const alice = await connectClient(host.url, ALICE_TOKEN, { era, headers: { 'x-correlation-id': 'corr-123' } });
    t.teardown(() => alice.close());

    t.test('tools/list shows only the tools the role may use, with schemas and annotations', async (t) => {
      const { tools } = await alice.listTools();
      t.same(
        tools.map((tool) => tool.name),
        ['demo_echo', 'demo_status', 'demo_fail', 'demo_explode'],
      );
      const echo = tools.find((tool) => tool.name === 'demo_echo');
      t.strictSame(echo?.inputSchema, {
        type: 'object',
        required: ['text'],
        properties: { text: { type: 'string', minLength: 1 } },
        additionalProperties: false,
      });
      t.equal(echo?.outputSchema, undefined);
      t.strictSame(echo?.annotations, {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });

      const status = tools.find((tool) => tool.name === 'demo_status');
      t.equal(status?.title, 'Device status');
      t.same(status?.outputSchema?.required, ['deviceId', 'online', 'userId', 'correlationId']);
      t.equal(status?.annotations?.title, 'Device status');
      t.equal(status?.annotations?.openWorldHint, true);
    });

    t.test('an admin sees the admin-only tool', async (t) => {
      const bob = await connectClient(host.url, BOB_TOKEN, { era });
      t.teardown(() => bob.close());
      const { tools } = await bob.listTools();
      t.ok(tools.some((tool) => tool.name === 'demo_admin_reset'));
    });

    t.test('a tool with an output schema returns structuredContent and its JSON text', async (t) => {
      const result = await alice.callTool({ name: 'demo_status', arguments: { deviceId: 'd-1' } });
      const expected = { deviceId: 'd-1', online: true, userId: 'alice', correlationId: 'corr-123' };
      t.strictSame(result.structuredContent, expected);
      t.strictSame(result.content, [{ type: 'text', text: JSON.stringify(expected) }]);
      t.notOk(result.isError);
    });

    t.test('a tool without an output schema returns its text', async (t) => {
      const result = await alice.callTool({ name: 'demo_echo', arguments: { text: 'hi' } });
      t.strictSame(result.content, [{ type: 'text', text: 'echo: hi' }]);
      t.equal(result.structuredContent, undefined);
    });

    t.test('an AppError becomes an isError result with its code, also for a tool with an output schema', async (t) => {
      const result = await alice.callTool({ name: 'demo_fail', arguments: { deviceId: 'd-9' } });
      t.equal(result.isError, true);
      const body = { code: 'device_offline', message: 'The device is offline.', details: { deviceId: 'd-9' } };
      t.strictSame(errorOf(result), body);
      t.strictSame(result.content, [{ type: 'text', text: JSON.stringify({ error: body }) }]);
      t.equal(result.structuredContent, undefined);
    });

    t.test('a tool the role may not use is refused with forbidden', async (t) => {
      const result = await alice.callTool({ name: 'demo_admin_reset', arguments: {} });
      t.equal(result.isError, true);
      t.equal(errorOf(result).code, 'forbidden');
    });

    t.test('bad arguments are refused with validation_failed naming each field', async (t) => {
      const wrong = await alice.callTool({ name: 'demo_echo', arguments: { text: 5, colour: 'red' } });
      t.equal(wrong.isError, true);
      t.equal(errorOf(wrong).code, 'validation_failed');
      t.same(errorOf(wrong).details, {
        issues: [
          { path: '/colour', message: 'unknown field `colour`; the allowed fields are `text`' },
          { path: '/text', message: 'expected a string, got a number (5)' },
        ],
      });
      t.equal(errorOf(wrong).message, 'The arguments are not valid: /colour: unknown field `colour`; the allowed fields are `text` (and 1 more)');

      const missing = await alice.callTool({ name: 'demo_echo', arguments: {} });
      t.same(errorOf(missing).details, { issues: [{ path: '/text', message: 'missing required field `text`' }] });

      const misspelt = await alice.callTool({ name: 'demo_echo', arguments: { txet: 'hi' } });
      t.same(errorOf(misspelt).details, {
        issues: [
          { path: '/text', message: 'missing required field `text`' },
          { path: '/txet', message: 'unknown field `txet`; did you mean `text`?' },
        ],
      });

      const empty = await alice.callTool({ name: 'demo_echo', arguments: { text: '' } });
      t.equal(errorOf(empty).code, 'validation_failed', 'no coercion, no defaults: constraints hold as declared');
    });

    t.test('an unknown tool is a JSON-RPC InvalidParams error', async (t) => {
      const err = await alice.callTool({ name: 'demo_nope', arguments: {} }).then(
        () => undefined,
        (e: unknown) => e,
      );
      t.ok(err instanceof ProtocolError);
      t.equal((err as ProtocolError).code, ProtocolErrorCode.InvalidParams);
    });

    t.test('an unexpected error is logged and answered with a generic internal_error', async (t) => {
      const result = await alice.callTool({ name: 'demo_explode', arguments: {} });
      t.equal(result.isError, true);
      t.strictSame(errorOf(result), { code: 'internal_error', message: 'Something went wrong on our side.' });
      t.notMatch(JSON.stringify(result), /s3cret|stack|Error:/);
      const logged = host.logs.find((line) => line['msg'] === 'tool handler threw an unexpected error');
      t.match(JSON.stringify(logged), SECRET_IN_ERROR);
      t.equal(logged?.['tool'], 'demo_explode');
      t.equal(logged?.['correlationId'], 'corr-123');
    });

    t.test('a W3C traceparent in _meta is logged with the call; a malformed one is not', async (t) => {
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      await alice.callTool({ name: 'demo_echo', arguments: { text: era }, _meta: { traceparent } });
      const logged = host.logs.filter((line) => line['msg'] === 'tool call succeeded' && line['tool'] === 'demo_echo').at(-1);
      t.equal(logged?.['traceparent'], traceparent);
      await alice.callTool({ name: 'demo_echo', arguments: { text: era }, _meta: { traceparent: 'not a trace\nforged line' } });
      const next = host.logs.filter((line) => line['msg'] === 'tool call succeeded' && line['tool'] === 'demo_echo').at(-1);
      t.equal(next?.['traceparent'], undefined);
    });

    if (era === 'legacy') {
      t.test('ping is answered (the 2026-07-28 revision removed it)', async (t) => {
        t.same(await alice.ping(), {});
      });
    }
  });
}
