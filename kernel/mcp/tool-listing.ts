// What tools/list shows one role: the live catalog filtered by the access policy, as MCP tool descriptors.
import type { Logger } from 'pino';
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolCatalog, ToolDefinition } from '../plugins/define-tool.ts';
import type { AccessPolicy } from '../identity/identity.ts';
import { toObjectJsonSchema } from './json-schema.ts';

export interface ToolListingDeps {
  readonly catalog: ToolCatalog;
  readonly access: AccessPolicy;
  readonly logger: Logger;
}

function describeTool(tool: ToolDefinition, logger: Logger): Tool | undefined {
  const inputSchema = toObjectJsonSchema(tool.inputSchema);
  const outputSchema = tool.outputSchema === undefined ? undefined : toObjectJsonSchema(tool.outputSchema);
  // MCP clients reject a whole listing over one non-object schema, so such a tool is left out rather than breaking the rest.
  if (inputSchema === undefined || (tool.outputSchema !== undefined && outputSchema === undefined)) {
    logger.error(
      { tool: tool.name },
      'tool left out of tools/list: its input and output schemas must be object schemas',
    );
    return undefined;
  }
  const { title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  // Undefined members vanish on the wire; the annotations are picked one by one so nothing else a plugin attached leaks out.
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    outputSchema,
    annotations: { title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint },
  };
}

export function listToolsFor(deps: ToolListingDeps, role: string): Tool[] {
  const tools: Tool[] = [];
  for (const { tool } of deps.catalog.list()) {
    if (!deps.access.mayUseTool(role, tool.name)) continue;
    const descriptor = describeTool(tool, deps.logger);
    if (descriptor !== undefined) tools.push(descriptor);
  }
  return tools;
}
