// listToolsFor on its own: a tool whose schemas MCP cannot carry is left out instead of breaking the whole listing.
import t from 'tap';
import pino from 'pino';
import { Type } from 'typebox';
import { defineTool } from '../../../kernel/plugins/define-tool.ts';
import { listToolsFor } from '../../../kernel/mcp/tool-listing.ts';
import { createFakeAccessPolicy, createFakeCatalog, echoTool } from './fixtures.ts';

t.test('a non-object input schema keeps the tool out of the listing, and is logged', async (t) => {
  const scalar = defineTool({
    name: 'demo_scalar',
    description: 'Takes a bare string.',
    inputSchema: Type.String(),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    handler: async (text) => text,
  });
  const logs: Record<string, unknown>[] = [];
  const logger = pino({}, { write: (line: string) => logs.push(JSON.parse(line) as Record<string, unknown>) });
  const access = { ...createFakeAccessPolicy(), mayUseTool: () => true };
  const tools = listToolsFor({ catalog: createFakeCatalog([scalar, echoTool]), access, logger }, 'operator');
  t.same(
    tools.map((tool) => tool.name),
    ['demo_echo'],
  );
  t.match(logs, [{ tool: 'demo_scalar', level: 50 }]);
});
