// An in-process ToolSource built from handler functions: the port's in-memory implementation, for tests and benchmarks.
import type { ToolCallContext, ToolDefinition, ToolResult, ToolSource } from './tool-source.ts';

export interface LocalTool {
  definition: ToolDefinition;
  handler: (args: Record<string, unknown>, context: ToolCallContext) => Promise<ToolResult> | ToolResult;
}

export function createLocalToolSource(id: string, tools: readonly LocalTool[]): ToolSource {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  return {
    id,
    async listTools() {
      return tools.map((tool) => tool.definition);
    },
    async callTool(name, args, context) {
      const tool = byName.get(name);
      if (!tool) return { content: [{ type: 'text', text: `No tool named ${name} in source ${id}.` }], isError: true };
      return tool.handler(args, context);
    },
  };
}
