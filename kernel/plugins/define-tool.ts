// Operations-MCP tool declarations: TypeBox schemas are the single source for the advertised JSON Schema and the handler's types.
import type { Static, TSchema } from 'typebox';
import type { Logger } from 'pino';
import type { Identity } from '../identity/identity.ts';

export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export interface ToolCallContext {
  readonly identity: Identity;
  readonly correlationId: string;
  readonly logger: Logger;
  readonly signal: AbortSignal;
}

/**
 * A tool with an output schema returns data (sent as structuredContent plus its JSON text);
 * one without returns plain text. Expected failures are thrown as AppError and become isError results.
 */
export interface ToolDefinition<I extends TSchema = TSchema, O extends TSchema | undefined = TSchema | undefined> {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: I;
  readonly outputSchema?: O;
  readonly annotations: ToolAnnotations;
  handler(args: Static<I>, ctx: ToolCallContext): Promise<O extends TSchema ? Static<O> : string>;
}

export function defineTool<I extends TSchema, O extends TSchema | undefined = undefined>(
  tool: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return tool;
}

/** A tool as the MCP host sees it: which plugin offers it, and the declaration. */
export interface CatalogTool {
  readonly plugin: string;
  readonly tool: ToolDefinition;
}

/** The live set of tools of every loaded plugin; changes when plugins are loaded, reloaded or unloaded. */
export interface ToolCatalog {
  list(): readonly CatalogTool[];
  get(name: string): CatalogTool | undefined;
  /** Called after every change of the set; returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
}
