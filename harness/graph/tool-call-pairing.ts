// The tool-call pairing invariant: every tool_call_id gets exactly one ToolMessage, right after its call, in call order.
import type { Message, ToolCall } from '../../shared/contracts/messages.ts';
import { HarnessError } from './harness-errors.ts';

/**
 * `allowOpenTail` admits a last assistant message whose calls have no answers yet (the batch in flight while a run
 * is running or paused). Anything else — a missing, extra, duplicated or reordered ToolMessage — throws.
 */
export function assertToolCallPairing(messages: readonly Message[], options: { allowOpenTail: boolean }): void {
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i] as Message;
    if (message.role === 'tool') {
      throw new HarnessError('invariant_violation', `ToolMessage ${message.tool_call_id} at ${i} answers no pending tool call`);
    }
    if (message.role !== 'assistant' || message.tool_calls.length === 0) continue;
    const calls = message.tool_calls;
    if (i === messages.length - 1 && options.allowOpenTail) return;
    for (let j = 0; j < calls.length; j += 1) {
      const answer = messages[i + 1 + j];
      const call = calls[j] as ToolCall;
      if (answer === undefined) {
        throw new HarnessError('invariant_violation', `tool call ${call.id} has no ToolMessage`);
      }
      if (answer.role !== 'tool') {
        throw new HarnessError('invariant_violation', `tool call ${call.id} is followed by a ${answer.role} message, not its ToolMessage`);
      }
      if (answer.tool_call_id !== call.id) {
        throw new HarnessError('invariant_violation', `ToolMessage ${answer.tool_call_id} is where the answer to ${call.id} belongs`);
      }
    }
    i += calls.length;
  }
}

/** The calls of the last assistant message that have no ToolMessage yet. */
export function openToolCalls(messages: readonly Message[]): ToolCall[] {
  const last = messages[messages.length - 1];
  return last?.role === 'assistant' ? last.tool_calls : [];
}
