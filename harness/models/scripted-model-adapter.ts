// An in-process ModelAdapter that plays a script of turns: the port's in-memory implementation, for tests and benchmarks.
import type { ToolCall } from '../../shared/contracts/messages.ts';
import type { TokenUsage } from '../../shared/contracts/run-result.ts';
import { usageOf, type ModelAdapter, type ModelCallRequest, type ModelCallResponse } from './model-adapter.ts';

export interface ScriptedTurn {
  text?: string;
  toolCalls?: Array<{ id?: string; name: string; arguments: unknown; rawArguments?: string }>;
  usage?: TokenUsage;
}

/** A turn may be computed from the request it answers, e.g. to echo what a tool returned. */
export type ScriptStep = ScriptedTurn | ((request: ModelCallRequest) => ScriptedTurn);

export interface ScriptedModelAdapter extends ModelAdapter {
  readonly requests: ModelCallRequest[];
}

/** Text is delivered through onTextDelta word by word, as a streaming provider would. */
export function createScriptedModelAdapter(script: readonly ScriptStep[], options: { keepRequests?: boolean } = {}): ScriptedModelAdapter {
  const requests: ModelCallRequest[] = [];
  let index = 0;
  let callCounter = 0;
  return {
    provider: 'scripted',
    model: 'scripted',
    requests,
    async call(request): Promise<ModelCallResponse> {
      if (options.keepRequests !== false) requests.push({ ...request, messages: [...request.messages] });
      const step = script[index];
      if (step === undefined) throw new Error(`the model script has no turn ${index + 1}`);
      index += 1;
      const turn = typeof step === 'function' ? step(request) : step;
      const text = turn.text ?? '';
      for (const piece of text.match(/\S+\s*/g) ?? []) request.onTextDelta?.(piece);
      const tool_calls: ToolCall[] = (turn.toolCalls ?? []).map((call) => {
        callCounter += 1;
        const toolCall: ToolCall = { id: call.id ?? `call_${callCounter}`, name: call.name, arguments: call.arguments };
        if (call.rawArguments !== undefined) toolCall.rawArguments = call.rawArguments;
        return toolCall;
      });
      return {
        message: { role: 'assistant', content: text, tool_calls },
        usage: turn.usage ?? usageOf(10, 5),
        stopReason: tool_calls.length > 0 ? 'tool_use' : 'end_turn',
      };
    },
  };
}
