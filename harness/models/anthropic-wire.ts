// Maps harness messages and tools to the Anthropic Messages wire format (tool_use / tool_result blocks) and answers back.
import type { AssistantMessage, Message, ToolCall } from '../../shared/contracts/messages.ts';
import { ModelError } from './model-errors.ts';
import { usageOf, type ModelCallRequest, type ModelCallResponse } from './model-adapter.ts';
import type { ResolvedModelSettings } from './model-settings.ts';
import { parseToolArguments } from './tool-call-arguments.ts';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_MAX_TOKENS = 4096;

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

function blocksOf(message: Exclude<Message, { role: 'system' }>): Block[] {
  switch (message.role) {
    case 'user':
      return message.content === '' ? [] : [{ type: 'text', text: message.content }];
    case 'assistant': {
      const blocks: Block[] = message.content === '' ? [] : [{ type: 'text', text: message.content }];
      for (const call of message.tool_calls) {
        // Unparseable arguments cannot be echoed as `input`; the paired tool_result already says they were invalid.
        const input = call.rawArguments === undefined && typeof call.arguments === 'object' && call.arguments !== null ? call.arguments : {};
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input });
      }
      return blocks;
    }
    case 'tool':
      return [{ type: 'tool_result', tool_use_id: message.tool_call_id, content: message.content, is_error: message.isError }];
  }
}

/**
 * System messages become the top-level `system` text; tool results travel in user turns; consecutive turns of one
 * role are merged, because every tool_result of a batch must sit in the single user turn after the tool_use turn.
 */
export function toAnthropicRequest(settings: ResolvedModelSettings, request: ModelCallRequest): Record<string, unknown> {
  const system: string[] = [];
  const messages: WireMessage[] = [];
  for (const message of request.messages) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = blocksOf(message);
    if (blocks.length === 0) continue;
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  }
  const body: Record<string, unknown> = {
    model: settings.model,
    max_tokens: settings.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages,
  };
  if (system.length > 0) body.system = system.join('\n\n');
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
    if (request.toolChoice === 'required') body.tool_choice = { type: 'any' };
    else if (request.toolChoice) body.tool_choice = { type: 'tool', name: request.toolChoice.name };
  }
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.stream) body.stream = true;
  return body;
}

interface WireUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** Cached prompt tokens are still prompt tokens; counting them keeps budgets honest. */
function inputTokens(usage: WireUsage | undefined): number {
  return (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0);
}

function toolCall(id: unknown, name: unknown, args: ReturnType<typeof parseToolArguments>): ToolCall {
  if (typeof id !== 'string' || id === '' || typeof name !== 'string' || name === '') {
    throw new ModelError('model_bad_response', 'the provider returned a tool_use block without an id or a name');
  }
  return { id, name, ...args };
}

function stopOf(reason: string | undefined): Pick<ModelCallResponse, 'stopReason' | 'truncated'> {
  if (reason === undefined) return {};
  return reason === 'max_tokens' ? { stopReason: reason, truncated: true } : { stopReason: reason };
}

export function fromAnthropicResponse(json: unknown): ModelCallResponse {
  const body = json as { content?: Block[]; usage?: WireUsage; stop_reason?: string };
  if (!Array.isArray(body.content)) throw new ModelError('model_bad_response', 'the provider answer has no content array');
  let content = '';
  const tool_calls: ToolCall[] = [];
  for (const block of body.content) {
    if (block.type === 'text' && typeof block.text === 'string') content += block.text;
    if (block.type === 'tool_use') tool_calls.push(toolCall(block.id, block.name, { arguments: block.input ?? {} }));
  }
  const message: AssistantMessage = { role: 'assistant', content, tool_calls };
  return { message, usage: usageOf(inputTokens(body.usage), body.usage?.output_tokens ?? 0), ...stopOf(body.stop_reason) };
}

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: WireUsage };
  content_block?: Block;
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string };
  usage?: WireUsage;
  error?: { type?: string; message?: string };
}

/** Blocks are keyed by `index`; tool input arrives as partial JSON text and is parsed once the stream ends. */
export function createAnthropicStreamAccumulator(onTextDelta: ((delta: string) => void) | undefined) {
  const blocks = new Map<number, { type: string; text: string; id?: unknown; name?: unknown; json: string }>();
  let input = 0;
  let output = 0;
  let stopReason: string | undefined;
  return {
    push(data: string): void {
      const event = JSON.parse(data) as StreamEvent;
      switch (event.type) {
        case 'message_start':
          input = inputTokens(event.message?.usage);
          output = event.message?.usage?.output_tokens ?? 0;
          break;
        case 'content_block_start': {
          const block = event.content_block ?? {};
          blocks.set(event.index ?? 0, { type: String(block.type), text: '', id: block.id, name: block.name, json: '' });
          break;
        }
        case 'content_block_delta': {
          const block = blocks.get(event.index ?? 0);
          if (!block) throw new ModelError('model_bad_response', 'a content_block_delta arrived for an unknown block');
          if (event.delta?.type === 'text_delta' && event.delta.text) {
            block.text += event.delta.text;
            onTextDelta?.(event.delta.text);
          } else if (event.delta?.type === 'input_json_delta' && event.delta.partial_json) {
            block.json += event.delta.partial_json;
          }
          break;
        }
        case 'message_delta':
          if (event.delta?.stop_reason) stopReason = event.delta.stop_reason;
          // message_delta usage is cumulative for the whole message.
          if (event.usage?.output_tokens !== undefined) output = event.usage.output_tokens;
          break;
        case 'error':
          throw new ModelError('model_unavailable', `the provider reported ${event.error?.type ?? 'an error'}: ${event.error?.message ?? ''}`);
        default:
          break;
      }
    },
    finish(): ModelCallResponse {
      let content = '';
      const tool_calls: ToolCall[] = [];
      for (const [, block] of [...blocks.entries()].sort(([a], [b]) => a - b)) {
        if (block.type === 'text') content += block.text;
        if (block.type === 'tool_use') tool_calls.push(toolCall(block.id, block.name, parseToolArguments(block.json)));
      }
      return { message: { role: 'assistant', content, tool_calls }, usage: usageOf(input, output), ...stopOf(stopReason) };
    },
  };
}
