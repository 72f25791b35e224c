// Decides what a run's answer rests on: the tool calls of this run that returned a non-error result.
import type { Grounding, GroundingCall } from '../../shared/contracts/run-result.ts';
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';

/** A result that reports its own grounding (a subagent's nested run does) grounds only if that run's answer did. */
function declaresNoGrounding(record: ToolCallRecord): boolean {
  const structured = record.result?.structuredContent;
  return typeof structured === 'object' && structured !== null && (structured as { grounding?: unknown }).grounding === 'none';
}

/**
 * Only `succeeded` records count: a tool ran and answered without isError (and, if the result reports its own
 * grounding, as a subagent's does, that grounding is `tools`). Refused, failed (isError results, timeouts,
 * thrown errors), rejected and stopped calls did nothing the answer may claim. `answered` records (a human's reply to
 * request_human_input, or a reviewer's reply in place of a call) are excluded too: a person's words are neither an
 * action nor a lookup, so "no action was taken and nothing was looked up" stays true of an answer built on them.
 * The records are this run's own (a resumed run keeps those from before its pause); earlier runs of the thread never count.
 */
export function groundingOf(toolCalls: readonly ToolCallRecord[]): { grounding: Grounding; groundedOn: GroundingCall[] } {
  const groundedOn = toolCalls
    .filter((record) => record.status === 'succeeded' && !declaresNoGrounding(record))
    .map((record) => ({ toolCallId: record.toolCallId, name: record.name }));
  return { grounding: groundedOn.length > 0 ? 'tools' : 'none', groundedOn };
}
