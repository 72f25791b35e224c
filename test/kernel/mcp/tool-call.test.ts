// runToolCall on its own: contract breaches by a handler are our bugs, answered with internal_error and logged.
import t from 'tap';
import pino from 'pino';
import { Type } from 'typebox';
import { defineTool, type ToolDefinition } from '../../../kernel/plugins/define-tool.ts';
import { runToolCall } from '../../../kernel/mcp/tool-call.ts';
import { ERROR_META_KEY } from '../../../kernel/mcp/tool-results.ts';
import { createFakeAccessPolicy, createFakeCatalog } from './fixtures.ts';

const identity = { userId: 'alice', role: 'operator', tokenId: 'tok-alice', via: 'user' } as const;

function call(tool: ToolDefinition, args: Record<string, unknown> = {}) {
  const logs: Record<string, unknown>[] = [];
  const logger = pino({}, { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) });
  const deps = {
    catalog: createFakeCatalog([tool]),
    access: { ...createFakeAccessPolicy(), mayUseTool: () => true },
    logger,
  };
  const signal = new AbortController().signal;
  return runToolCall(deps, { name: tool.name, args, identity, correlationId: 'c-1', signal }).then((result) => ({
    result,
    logs,
  }));
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

t.test('a result that breaks the output schema is not passed on', async (t) => {
  const tool = defineTool({
    name: 'demo_liar',
    description: 'Returns the wrong shape.',
    inputSchema: Type.Object({}),
    outputSchema: Type.Object({ count: Type.Integer() }),
    annotations: readOnly,
    handler: async () => ({ count: 'many' }) as unknown as { count: number },
  });
  const { result, logs } = await call(tool);
  t.equal(result.isError, true);
  t.match(result._meta?.[ERROR_META_KEY], { code: 'internal_error' });
  t.notMatch(JSON.stringify(result), /many/);
  t.ok(logs.some((line) => line['msg'] === 'tool result does not match its output schema'));
});

t.test('a text tool that returns something else is not passed on', async (t) => {
  const tool = defineTool({
    name: 'demo_untyped',
    description: 'Returns an object although it declares text.',
    inputSchema: Type.Object({}),
    annotations: readOnly,
    handler: async () => ({ text: 'x' }) as unknown as string,
  });
  const { result } = await call(tool);
  t.match(result._meta?.[ERROR_META_KEY], { code: 'internal_error' });
});

t.test('the handler gets the identity, correlation id, a child logger and the signal', async (t) => {
  const tool = defineTool({
    name: 'demo_context',
    description: 'Reports its context.',
    inputSchema: Type.Object({}),
    annotations: readOnly,
    handler: async (_args, ctx) => {
      ctx.logger.info('inside');
      return `${ctx.identity.userId}/${ctx.correlationId}/${ctx.signal.aborted}`;
    },
  });
  const { result, logs } = await call(tool);
  t.strictSame(result.content, [{ type: 'text', text: 'alice/c-1/false' }]);
  t.match(
    logs.find((line) => line['msg'] === 'inside'),
    { tool: 'demo_context', plugin: 'demo', correlationId: 'c-1', userId: 'alice' },
  );
});
