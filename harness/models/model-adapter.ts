// The ModelAdapter port: one provider-native tool-use call from the harness's messages to an AIMessage with tool_calls.
import type { AssistantMessage, Message } from '../../shared/contracts/messages.ts';
import type { TokenUsage } from '../../shared/contracts/run-result.ts';

export interface ModelToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ModelCallRequest {
  messages: readonly Message[];
  tools: readonly ModelToolSpec[];
  /**
   * `{ name }` forces a call of that one offered tool (e.g. the routing tool); `required` asks for a call of any offered
   * tool (a tool-first skill's first call). Providers may ignore either, so callers never assume the answer has a call.
   */
  toolChoice?: { name: string } | 'required';
  signal?: AbortSignal;
  /** Called with each piece of answer text as the provider streams it; never with tool-call arguments. */
  onTextDelta?: (delta: string) => void;
}

export interface ModelCallResponse {
  message: AssistantMessage;
  usage: TokenUsage;
  /** The provider's own stop reason, for logs. */
  stopReason?: string;
  /** The provider stopped at its token limit (`length`, `max_tokens`): the last text or tool call may be cut off. */
  truncated?: boolean;
}

export interface ModelAdapter {
  readonly provider: string;
  readonly model: string;
  call(request: ModelCallRequest): Promise<ModelCallResponse>;
  /** Releases pooled connections; adapters without any may omit it. */
  close?(): Promise<void>;
}

export const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

export function usageOf(inputTokens: number, outputTokens: number): TokenUsage {
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}
