// The MCP tool annotations most tools need, by what the tool does; spread one and add the title (and any exception).
import type { ToolAnnotations } from '../plugins/define-tool.ts';

export const toolAnnotations = {
  /** Reads what the plugin stored; asking again answers the same. */
  readStored: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  /** Reads an outside system live (a provider's devices). */
  readLive: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  /** Adds something new (a message, a task); calling again adds another. */
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  /** Ends something for good (cancels a task); calling again changes nothing more. */
  end: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
} as const satisfies Record<string, ToolAnnotations>;
