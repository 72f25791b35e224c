// Maps harness messages and tools to the OpenAI Chat Completions wire format and provider answers (JSON or stream chunks) back.
import type { AssistantMessage, Message, ToolCall } from '../../shared/contracts/messages.ts';
import { ModelError } from './model-errors.ts';
import { usageOf, ZERO_USAGE, type ModelCallRequest, type ModelCallResponse } from './model-adapter.ts';
import type { ResolvedModelSettings } from './model-settings.ts';
import { argumentsText, parseToolArguments } from './tool-call-arguments.ts';

type WireMessage = Record<string, unknown>;

function toWireMessage(message: Message): WireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const wire: WireMessage = { role: 'assistant', content: message.content === '' ? null : message.content };
      // Several compatible servers reject an empty tool_calls array, so it is left out when there are none.
      if (message.tool_calls.length > 0) {
        wire.tool_calls = message.tool_calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: argumentsText(call) },
        }));
      }
      return wire;
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
  }
}

export function toOpenAIRequest(settings: ResolvedModelSettings, request: ModelCallRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: settings.model,
    messages: request.messages.map(toWireMessage),
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    if (request.toolChoice === 'required') body.tool_choice = 'required';
    else if (request.toolChoice) body.tool_choice = { type: 'function', function: { name: request.toolChoice.name } };
  }
  if (settings.maxTokens !== undefined) body.max_tokens = settings.maxTokens;
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

function readUsage(usage: WireUsage | undefined | null) {
  if (!usage) return ZERO_USAGE;
  return usageOf(usage.prompt_tokens ?? 0, usage.completion_tokens ?? 0);
}

function toToolCall(id: unknown, name: unknown, args: unknown): ToolCall {
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || name === '') {
    throw new ModelError('model_bad_response', 'the provider returned a tool call without an id or a name');
  }
  return { id, name, ...parseToolArguments(typeof args === 'string' ? args : '') };
}

function stopOf(reason: string | null | undefined): Pick<ModelCallResponse, 'stopReason' | 'truncated'> {
  if (typeof reason !== 'string') return {};
  return reason === 'length' ? { stopReason: reason, truncated: true } : { stopReason: reason };
}

export function fromOpenAIResponse(json: unknown): ModelCallResponse {
  const body = json as { choices?: Array<{ message?: Record<string, unknown>; finish_reason?: string }>; usage?: WireUsage };
  const choice = body.choices?.[0];
  if (!choice?.message) throw new ModelError('model_bad_response', 'the provider answer has no choices[0].message');
  const wireCalls = (choice.message.tool_calls as Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } }>) ?? [];
  const message: AssistantMessage = {
    role: 'assistant',
    content: typeof choice.message.content === 'string' ? choice.message.content : '',
    tool_calls: wireCalls.map((call) => toToolCall(call.id, call.function?.name, call.function?.arguments)),
  };
  return { message, usage: readUsage(body.usage), ...stopOf(choice.finish_reason) };
}

interface ChunkToolCall {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Chunk {
  choices?: Array<{ delta?: { content?: string | null; tool_calls?: ChunkToolCall[] }; finish_reason?: string | null }> | null;
  usage?: WireUsage | null;
  error?: { message?: string };
}

/** Tool-call fragments are keyed by `index`: the id and name come once, the argument text arrives in pieces. */
export function createOpenAIStreamAccumulator(onTextDelta: ((delta: string) => void) | undefined) {
  let content = '';
  let stopReason: string | undefined;
  let usage = ZERO_USAGE;
  const calls = new Map<number, { id: string; name: string; args: string }>();
  return {
    push(data: string): void {
      const chunk = JSON.parse(data) as Chunk;
      if (chunk.error) throw new ModelError('model_bad_response', `the provider reported: ${chunk.error.message ?? 'an error'}`);
      if (chunk.usage) usage = readUsage(chunk.usage);
      for (const choice of chunk.choices ?? []) {
        if (choice.finish_reason) stopReason = choice.finish_reason;
        const text = choice.delta?.content;
        if (typeof text === 'string' && text !== '') {
          content += text;
          onTextDelta?.(text);
        }
        for (const fragment of choice.delta?.tool_calls ?? []) {
          const index = fragment.index ?? 0;
          const call = calls.get(index) ?? { id: '', name: '', args: '' };
          if (fragment.id) call.id = fragment.id;
          if (fragment.function?.name) call.name += fragment.function.name;
          if (fragment.function?.arguments) call.args += fragment.function.arguments;
          calls.set(index, call);
        }
      }
    },
    finish(): ModelCallResponse {
      const ordered = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
      const message: AssistantMessage = {
        role: 'assistant',
        content,
        tool_calls: ordered.map((call) => toToolCall(call.id, call.name, call.args)),
      };
      return { message, usage, ...stopOf(stopReason) };
    },
  };
}
