// MCP spans by the MCP semantic conventions: the client span around each JSON-RPC request, the server span around each call.
import { context, propagation, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';
import { errorType, inSpan, markFailed, SpanKind, tracer, type Attributes } from './spans.ts';

type Carrier = Readonly<Record<string, unknown>>;

interface JsonRpcRequest {
  method: string;
  id?: string | number;
  params?: { name?: unknown };
}

function requestOf(body: unknown): JsonRpcRequest | undefined {
  if (typeof body !== 'string' || !body.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(body) as Partial<JsonRpcRequest>;
    return typeof parsed.method === 'string' ? (parsed as JsonRpcRequest) : undefined;
  } catch {
    return undefined;
  }
}

function mcpAttributes(method: string, tool: unknown, requestId: unknown, sessionId: unknown, protocol: unknown): Attributes {
  const attributes: Attributes = { 'mcp.method.name': method };
  if (typeof tool === 'string') {
    attributes['gen_ai.tool.name'] = tool;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  }
  if (typeof requestId === 'string' || typeof requestId === 'number') attributes['jsonrpc.request.id'] = String(requestId);
  if (typeof sessionId === 'string') attributes['mcp.session.id'] = sessionId;
  if (typeof protocol === 'string') attributes['mcp.protocol.version'] = protocol;
  return attributes;
}

const spanName = (method: string, tool: unknown) => (typeof tool === 'string' ? `${method} ${tool}` : method);

/** What the seam needs of a fetch Response (undici's or the global one). */
interface FetchResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Iterable<[string, string]>;
  readonly body: ReadableStream<Uint8Array> | null;
}

/** The same bytes, calling `end` once when they are all read, the read fails, or the reader gives up. */
function endingWith(source: ReadableStream<Uint8Array>, end: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    end();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        finish();
        controller.error(err);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
}

/**
 * Client seam: wraps one HTTP request of an MCP client. A JSON-RPC request in the body gets a CLIENT span that is
 * active while `send` runs, so the HTTP instrumentation's traceparent names it as the parent of the server's work; it
 * ends when the answer's body has been read (a tools/call answer may stream as SSE). Anything else (the SSE GET, the
 * session DELETE) is sent as it is. Arguments are never put on the span.
 */
export async function traceMcpClientRequest(headers: Carrier, body: unknown, send: () => Promise<FetchResponse>): Promise<Response> {
  const request = requestOf(body);
  if (request === undefined) return (await send()) as unknown as Response;
  const tool = request.method === 'tools/call' ? request.params?.name : undefined;
  const attributes = mcpAttributes(request.method, tool, request.id, headers['mcp-session-id'], headers['mcp-protocol-version']);
  const parent = context.active();
  const span = tracer().startSpan(spanName(request.method, tool), { kind: SpanKind.CLIENT, attributes }, parent);
  let response: FetchResponse;
  try {
    response = await context.with(trace.setSpan(parent, span), send);
  } catch (err) {
    markFailed(span, errorType(err));
    span.end();
    throw err;
  }
  if (response.status >= 400) markFailed(span, String(response.status));
  // A span that records nothing (tracing off, not sampled) needs no watch on the body.
  if (response.body === null || !span.isRecording()) {
    span.end();
    return response as unknown as Response;
  }
  return new Response(endingWith(response.body, () => span.end()), { status: response.status, statusText: response.statusText, headers: [...response.headers] });
}

export interface McpServerRequest {
  readonly method: string;
  readonly tool?: string;
  readonly requestId?: string | number;
  readonly sessionId?: string;
  /** The request's `params._meta` (where 2026-07-28 clients put traceparent) and its HTTP headers, in that order. */
  readonly carriers: readonly (Carrier | undefined)[];
}

function remoteParent(carriers: readonly (Carrier | undefined)[]): Context {
  for (const carrier of carriers) {
    if (carrier === undefined || typeof carrier.traceparent !== 'string') continue;
    return propagation.extract(ROOT_CONTEXT, carrier);
  }
  return context.active();
}

/**
 * Server seam: the SERVER span of one MCP request, continuing the caller's trace from the first carrier that has one;
 * the tool's own work (plugin code, provider calls) happens inside it. A tool result with isError marks it failed.
 */
export function traceMcpServerRequest<R>(request: McpServerRequest, work: () => Promise<R>): Promise<R> {
  const protocol = request.carriers.find((carrier) => carrier?.['mcp-protocol-version'] !== undefined)?.['mcp-protocol-version'];
  const attributes = mcpAttributes(request.method, request.tool, request.requestId, request.sessionId, protocol);
  return inSpan(spanName(request.method, request.tool), { kind: SpanKind.SERVER, attributes, parent: remoteParent(request.carriers) }, async (span) => {
    const result = await work();
    if ((result as { isError?: unknown } | undefined)?.isError === true) markFailed(span, 'tool_error');
    return result;
  });
}
