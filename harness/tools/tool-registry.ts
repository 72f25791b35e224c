// Merges the framework-native tools and every ToolSource into one catalog, and routes calls to the owning source.
import type { ToolCallContext, ToolDefinition, ToolResult, ToolSource } from './tool-source.ts';

export interface RegisteredTool {
  definition: ToolDefinition;
  /** Undefined for native tools: the graph handles them itself and never calls a source. */
  source: ToolSource | undefined;
}

export interface ShadowedTool {
  name: string;
  sourceId: string;
  shadowedBy: string;
}

export interface ToolCatalog {
  byName: ReadonlyMap<string, RegisteredTool>;
  /** Later definitions of a name already taken; they are never offered, and the reason is kept. */
  shadowed: readonly ShadowedTool[];
  /** Sources whose listing failed; one unreachable server must not take every run down with it. */
  unavailable: ReadonlyArray<{ sourceId: string; message: string }>;
}

export interface ToolRegistry {
  catalog(): Promise<ToolCatalog>;
  call(tool: RegisteredTool, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolResult>;
}

const NATIVE_SOURCE_ID = 'native';

/** Native tools come first so no source can replace them; among sources, the earlier one wins a name. */
export function createToolRegistry(options: {
  sources: readonly ToolSource[];
  nativeTools: readonly ToolDefinition[];
}): ToolRegistry {
  return {
    async catalog() {
      const byName = new Map<string, RegisteredTool>();
      const owner = new Map<string, string>();
      const shadowed: ShadowedTool[] = [];
      const unavailable: Array<{ sourceId: string; message: string }> = [];
      const add = (definition: ToolDefinition, source: ToolSource | undefined) => {
        const sourceId = source?.id ?? NATIVE_SOURCE_ID;
        const existing = owner.get(definition.name);
        if (existing !== undefined) {
          shadowed.push({ name: definition.name, sourceId, shadowedBy: existing });
          return;
        }
        owner.set(definition.name, sourceId);
        byName.set(definition.name, { definition, source });
      };
      for (const definition of options.nativeTools) add(definition, undefined);
      const listings = await Promise.allSettled(options.sources.map((source) => source.listTools()));
      listings.forEach((listing, index) => {
        const source = options.sources[index] as ToolSource;
        if (listing.status === 'rejected') {
          unavailable.push({ sourceId: source.id, message: String((listing.reason as Error)?.message ?? listing.reason) });
          return;
        }
        for (const definition of listing.value) add(definition, source);
      });
      return { byName, shadowed, unavailable };
    },
    async call(tool, args, context) {
      if (!tool.source) throw new Error(`Native tool ${tool.definition.name} is handled by the graph, not called.`);
      return tool.source.callTool(tool.definition.name, args, context);
    },
  };
}
