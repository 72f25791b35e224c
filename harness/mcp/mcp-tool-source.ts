// A ToolSource over one MCP server for one run's identity: the server's tools, as the profile classifies and describes them.
import type { Profile } from '../../shared/contracts/profile.ts';
import { classifyTool } from '../profile/tool-classification.ts';
import type { ToolDefinition, ToolSource } from '../tools/tool-source.ts';
import type { McpConnection } from './mcp-connection.ts';

/** Idempotent or read-only tools may be repeated after a broken connection; everything else runs at most once. */
function repeatable(definition: ToolDefinition | undefined): boolean {
  const annotations = definition?.annotations;
  return annotations?.idempotentHint === true || annotations?.readOnlyHint === true;
}

/**
 * Tools switched off in the profile are never listed, so a model cannot see them; the profile's description replaces
 * the server's, since the profile owns what the model reads.
 */
export function createMcpToolSource(id: string, connection: McpConnection, profile: Profile): ToolSource {
  let listed = new Map<string, ToolDefinition>();
  return {
    id,
    async listTools() {
      const tools: ToolDefinition[] = [];
      for (const tool of await connection.tools()) {
        const traits = classifyTool(profile, tool.name);
        if (!traits.enabled) continue;
        tools.push(traits.description === undefined ? tool : { ...tool, description: traits.description });
      }
      listed = new Map(tools.map((tool) => [tool.name, tool]));
      return tools;
    },
    callTool(name, args, context) {
      return connection.callTool(name, args, {
        signal: context.signal,
        correlationId: context.identity.correlationId,
        ...(context.identity.traceparent === undefined ? {} : { traceparent: context.identity.traceparent }),
        repeatable: repeatable(listed.get(name)),
      });
    },
  };
}
