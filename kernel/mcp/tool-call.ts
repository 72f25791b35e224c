// Runs one tools/call for one identity: access check, argument validation, the handler, and a result for every outcome.
import type { Logger } from 'pino';
import { ProtocolError, ProtocolErrorCode, type CallToolResult } from '@modelcontextprotocol/server';
import type { ToolCatalog, ToolDefinition } from '../plugins/define-tool.ts';
import type { AccessPolicy, Identity } from '../identity/identity.ts';
import { isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import { schemaIssues, summarizeIssues } from '../../shared/errors/schema-check.ts';
import { dataResult, errorResult, textResult } from './tool-results.ts';

export interface ToolCallDeps {
  readonly catalog: ToolCatalog;
  readonly access: AccessPolicy;
  readonly logger: Logger;
}

export interface ToolCall {
  readonly name: string;
  readonly args: Record<string, unknown> | undefined;
  readonly identity: Identity;
  readonly correlationId: string;
  /** The caller's W3C `traceparent`, logged with the call so a trace can be followed into this process. */
  readonly traceparent?: string | undefined;
  readonly signal: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A handler's return value checked against the tool's contract; a breach is our bug, so the caller gets internal_error. */
function successResult(tool: ToolDefinition, value: unknown, logger: Logger): CallToolResult {
  if (tool.outputSchema === undefined) {
    if (typeof value === 'string') return textResult(value);
    logger.error({ returned: typeof value }, 'tool without an output schema returned something other than text');
    return errorResult(kernelErrors.internal_error());
  }
  const issues = schemaIssues(tool.outputSchema, value);
  if (issues === undefined && isRecord(value)) return dataResult(value);
  // Paths only: the messages quote values, and a result may carry what a log must not.
  logger.error({ paths: issues?.map((issue) => issue.path) }, 'tool result does not match its output schema');
  return errorResult(kernelErrors.internal_error());
}

function failureResult(err: unknown, logger: Logger): CallToolResult {
  if (isAppError(err)) {
    logger.info({ code: err.code }, 'tool call failed');
    return errorResult(err);
  }
  // The real error stays in the log: messages of unexpected errors can hold credentials or database internals.
  logger.error({ err }, 'tool handler threw an unexpected error');
  return errorResult(kernelErrors.internal_error());
}

/** Unknown tools are a protocol error (InvalidParams), as the MCP tools spec asks; every other failure is an isError result. */
export async function runToolCall(deps: ToolCallDeps, call: ToolCall): Promise<CallToolResult> {
  const entry = deps.catalog.get(call.name);
  if (entry === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${call.name}`);
  const { tool } = entry;
  const logger = deps.logger.child({
    tool: tool.name,
    plugin: entry.plugin,
    correlationId: call.correlationId,
    userId: call.identity.userId,
    ...(call.traceparent === undefined ? {} : { traceparent: call.traceparent }),
  });
  if (!deps.access.mayUseTool(call.identity.role, tool.name)) {
    logger.warn({ role: call.identity.role }, 'tool call refused for this role');
    return errorResult(kernelErrors.forbidden({ tool: tool.name }));
  }
  const args = call.args ?? {};
  const issues = schemaIssues(tool.inputSchema, args);
  if (issues !== undefined) {
    logger.info({ paths: issues.map((issue) => issue.path) }, 'tool arguments rejected');
    return errorResult(kernelErrors.validation_failed({ issues }, `The arguments are not valid: ${summarizeIssues(issues)}`));
  }
  const started = performance.now();
  let value: unknown;
  try {
    value = await tool.handler(args, {
      identity: call.identity,
      correlationId: call.correlationId,
      logger,
      signal: call.signal,
    });
  } catch (err) {
    return failureResult(err, logger);
  }
  const result = successResult(tool, value, logger);
  if (result.isError !== true)
    logger.info({ durationMs: Math.round(performance.now() - started) }, 'tool call succeeded');
  return result;
}
