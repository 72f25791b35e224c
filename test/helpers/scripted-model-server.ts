// A real HTTP server on 127.0.0.1 that answers in the OpenAI Chat Completions and Anthropic Messages wire formats from a script.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WireFormat = 'openai' | 'anthropic';

export interface RecordedRequest {
  format: WireFormat;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** An object is sent as JSON; a string is sent verbatim (e.g. to send invalid JSON). */
  arguments: unknown;
}

/** `tokenLimit` ends the answer as a provider that ran out of tokens does: finish_reason `length`, stop_reason `max_tokens`. */
interface AnswerExtras {
  usage?: { input: number; output: number };
  stop?: 'tokenLimit';
}

export type ServerTurn =
  | ({ text: string; toolCalls?: ScriptedToolCall[] } & AnswerExtras)
  | ({ toolCalls: ScriptedToolCall[]; text?: string } & AnswerExtras)
  | { fail: { status: number; retryAfter?: string; message?: string } }
  /** Never answers; lets tests exercise deadlines and cancellation. */
  | { hang: true };

type AnswerTurn = Exclude<ServerTurn, { fail: unknown } | { hang: true }>;

/** A function may answer later (a promise), so a test can hold a model request until something else has happened. */
export type ServerResponder = (request: RecordedRequest) => ServerTurn | Promise<ServerTurn>;

export type ServerStep = ServerTurn | ServerResponder;

/** Steps answered in order (then 500 "script exhausted"), or one function that answers every request, e.g. from the conversation so far. */
export type ServerScript = readonly ServerStep[] | ServerResponder;

/**
 * How the server treats `stream: true`: `sse` streams (the default); `ignored` answers with one JSON body anyway, as
 * servers without streaming do; `refused` answers 400, as servers that reject the parameter do.
 */
export interface ScriptedModelServerOptions {
  streaming?: 'sse' | 'ignored' | 'refused';
}

export interface ScriptedModelServer {
  /** `http://127.0.0.1:<port>`: the Anthropic base URL. */
  baseUrl: string;
  /** `${baseUrl}/v1`: the OpenAI-style base URL. */
  openaiBaseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function argumentText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** Splits text into `parts` roughly equal pieces, so argument JSON arrives across several chunks. */
function pieces(text: string, parts: number): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** Each SSE record is written in two halves, so clients must reassemble records across reads. */
function writeSse(res: ServerResponse, record: string): void {
  const half = Math.floor(record.length / 2);
  res.write(record.slice(0, half));
  res.write(record.slice(half));
}

function openaiFinish(turn: AnswerTurn, calls: ScriptedToolCall[]): string {
  if (turn.stop === 'tokenLimit') return 'length';
  return calls.length > 0 ? 'tool_calls' : 'stop';
}

function anthropicStop(turn: AnswerTurn, calls: ScriptedToolCall[]): string {
  if (turn.stop === 'tokenLimit') return 'max_tokens';
  return calls.length > 0 ? 'tool_use' : 'end_turn';
}

function openaiJson(turn: AnswerTurn, calls: ScriptedToolCall[]) {
  const usage = turn.usage ?? { input: 12, output: 7 };
  const message: Record<string, unknown> = { role: 'assistant', content: turn.text ?? null };
  if (calls.length > 0) {
    message.tool_calls = calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: argumentText(call) } }));
  }
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: 0,
    model: 'scripted',
    choices: [{ index: 0, message, finish_reason: openaiFinish(turn, calls) }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

function openaiStream(res: ServerResponse, turn: AnswerTurn, calls: ScriptedToolCall[], includeUsage: boolean) {
  const usage = turn.usage ?? { input: 12, output: 7 };
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    writeSse(res, `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices, ...extra })}\n\n`);
  chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  for (const piece of words(turn.text ?? '')) chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]);
  calls.forEach((call, index) => {
    chunk([{ index: 0, delta: { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, finish_reason: null }]);
    for (const piece of pieces(argumentText(call), 3)) {
      chunk([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }]);
    }
  });
  chunk([{ index: 0, delta: {}, finish_reason: openaiFinish(turn, calls) }]);
  if (includeUsage) {
    chunk([], { usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } });
  }
  res.write('data: [DONE]\n\n');
  res.end();
}

/** A JSON body carries `input` as a value: text that parses is sent as what it parses to (a string holding JSON stays a string). */
function anthropicInput(call: ScriptedToolCall): unknown {
  if (typeof call.arguments !== 'string') return call.arguments;
  try {
    return JSON.parse(call.arguments) as unknown;
  } catch {
    return {};
  }
}

function anthropicJson(turn: AnswerTurn, calls: ScriptedToolCall[]) {
  const usage = turn.usage ?? { input: 12, output: 7 };
  const content: unknown[] = [];
  if (turn.text) content.push({ type: 'text', text: turn.text });
  for (const call of calls) content.push({ type: 'tool_use', id: call.id, name: call.name, input: anthropicInput(call) });
  return {
    id: 'msg_scripted',
    type: 'message',
    role: 'assistant',
    model: 'scripted',
    content,
    stop_reason: anthropicStop(turn, calls),
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

function anthropicStream(res: ServerResponse, turn: AnswerTurn, calls: ScriptedToolCall[]) {
  const usage = turn.usage ?? { input: 12, output: 7 };
  const event = (type: string, data: Record<string, unknown>) => writeSse(res, `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', {
    message: { id: 'msg_scripted', type: 'message', role: 'assistant', content: [], model: 'scripted', stop_reason: null, usage: { input_tokens: usage.input, output_tokens: 1 } },
  });
  let index = 0;
  if (turn.text) {
    event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    event('ping', {});
    for (const piece of words(turn.text)) event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    event('content_block_stop', { index });
    index += 1;
  }
  for (const call of calls) {
    event('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
    for (const piece of pieces(argumentText(call), 3)) event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
    event('content_block_stop', { index });
    index += 1;
  }
  event('message_delta', { delta: { stop_reason: anthropicStop(turn, calls), stop_sequence: null }, usage: { output_tokens: usage.output } });
  event('message_stop', {});
  res.end();
}

function failBody(format: WireFormat, status: number, message: string) {
  if (format === 'openai') return { error: { message, type: 'server_error', code: null } };
  return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } };
}

export async function startScriptedModelServer(script: ServerScript, options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const streaming = options.streaming ?? 'sse';
  const requests: RecordedRequest[] = [];
  let next = 0;
  let callCounter = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = req.url ?? '';
      const format: WireFormat | undefined = path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : undefined;
      if (req.method !== 'POST' || !format) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const recorded: RecordedRequest = { format, path, headers: req.headers, body };
      requests.push(recorded);
      if (body.stream === true && streaming === 'refused') {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(failBody(format, 400, 'streaming is not supported')));
        return;
      }
      const step = typeof script === 'function' ? script : script[next];
      next += 1;
      if (step === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(failBody(format, 500, 'script exhausted')));
        return;
      }
      // A responder that throws still fails the test loudly (an unhandled rejection now, an uncaught exception before).
      const turn = typeof step === 'function' ? await step(recorded) : step;
      if ('hang' in turn) return;
      if ('fail' in turn) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (turn.fail.retryAfter !== undefined) headers['retry-after'] = turn.fail.retryAfter;
        res.writeHead(turn.fail.status, headers).end(JSON.stringify(failBody(format, turn.fail.status, turn.fail.message ?? `scripted ${turn.fail.status}`)));
        return;
      }
      const calls = (turn.toolCalls ?? []).map((call) => {
        callCounter += 1;
        return { ...call, id: call.id ?? (format === 'openai' ? `call_${callCounter}` : `toolu_${callCounter}`) };
      });
      if (body.stream === true && streaming === 'sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
        if (format === 'openai') openaiStream(res, turn, calls, includeUsage);
        else anthropicStream(res, turn, calls);
        return;
      }
      const json = format === 'openai' ? openaiJson(turn, calls) : anthropicJson(turn, calls);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    openaiBaseUrl: `${baseUrl}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
