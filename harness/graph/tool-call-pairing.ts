// The tool-call pairing invariant: every tool_call_id gets exactly one ToolMessage, right after its call, in call order.
import type { Message, ToolCall } from '../../shared/contracts/messages.ts';
import { sharedPrefixLength } from './checkpoint-history.ts';
import { harnessErrors } from './harness-errors.ts';

/**
 * `allowOpenTail` admits a last assistant message whose calls have no answers yet (the batch in flight while a run
 * is running or paused). Anything else — a missing, extra, duplicated or reordered ToolMessage — throws.
 */
export function assertToolCallPairing(messages: readonly Message[], options: { allowOpenTail: boolean; from?: number }): void {
  for (let i = options.from ?? 0; i < messages.length; i += 1) {
    const message = messages[i] as Message;
    if (message.role === 'tool') {
      throw harnessErrors.invariant_violation(undefined, `ToolMessage ${message.tool_call_id} at ${i} answers no pending tool call`);
    }
    if (message.role !== 'assistant' || message.tool_calls.length === 0) continue;
    const calls = message.tool_calls;
    if (i === messages.length - 1 && options.allowOpenTail) return;
    for (let j = 0; j < calls.length; j += 1) {
      const answer = messages[i + 1 + j];
      const call = calls[j] as ToolCall;
      if (answer === undefined) {
        throw harnessErrors.invariant_violation(undefined, `tool call ${call.id} has no ToolMessage`);
      }
      if (answer.role !== 'tool') {
        throw harnessErrors.invariant_violation(undefined, `tool call ${call.id} is followed by a ${answer.role} message, not its ToolMessage`);
      }
      if (answer.tool_call_id !== call.id) {
        throw harnessErrors.invariant_violation(undefined, `ToolMessage ${answer.tool_call_id} is where the answer to ${call.id} belongs`);
      }
    }
    i += calls.length;
  }
}

/**
 * Where to resume checking `next` when `checked` (a history that passed the check) is unchanged up to `shared`: the
 * start of the turn that `shared` falls in, so a batch cut by it is checked whole. Walks back one batch at most.
 */
export function pairingCheckStart(checked: readonly Message[], shared: number): number {
  let start = shared;
  while (start > 0 && checked[start - 1]?.role === 'tool') start -= 1;
  const before = checked[start - 1];
  if (start > 0 && before?.role === 'assistant' && before.tool_calls.length > 0) start -= 1;
  return start;
}

/**
 * The same check for a history derived from one already checked: only what follows their shared prefix (compared by
 * identity, messages being immutable) is walked, so a step costs the same late in a long run as early.
 */
export function assertToolCallPairingSince(checked: readonly Message[], next: readonly Message[], options: { allowOpenTail: boolean }): void {
  const shared = next === checked ? next.length : sharedPrefixLength(checked, next);
  assertToolCallPairing(next, { allowOpenTail: options.allowOpenTail, from: pairingCheckStart(next, shared) });
}

/** The calls of the last assistant message that have no ToolMessage yet. */
export function openToolCalls(messages: readonly Message[]): ToolCall[] {
  const last = messages[messages.length - 1];
  return last?.role === 'assistant' ? last.tool_calls : [];
}
