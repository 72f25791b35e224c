// The ToolSource port: where tools come from (an MCP client, the in-process source, ...) and how they are called.
import type { ContentBlock } from '../../shared/contracts/tool-call-record.ts';
import type { RunIdentity } from '../../shared/contracts/run-request.ts';

/** A tool as advertised by its source, in MCP's shape; `inputSchema` is plain JSON Schema. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A tool's answer in MCP's shape; `isError` marks a failure the tool itself reports. */
export interface ToolResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** Who is calling and for which run; sources forward identity so the far side can authorize and audit. */
export interface ToolCallContext {
  identity: RunIdentity;
  runId: string;
  threadId: string;
  toolCallId: string;
  signal: AbortSignal;
}

export interface ToolSource {
  /** Stable id for logs and duplicate-name reports, e.g. the MCP server's configured name. */
  readonly id: string;
  /** The current tool list; sources that discover tools dynamically answer from their latest listing. */
  listTools(): Promise<ToolDefinition[]>;
  callTool(name: string, args: Record<string, unknown>, context: ToolCallContext): Promise<ToolResult>;
}
