// Builds the record + ToolMessage pair for each way a tool call can end: result, refusal, failure, rejection, reply.
import type { ToolCall } from '../../shared/contracts/messages.ts';
import type { Refusal, ReviewNote, ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import {
  editedArgumentsNote,
  refusalText,
  reviewerReplyText,
  toolResultText,
} from '../tools/tool-message-content.ts';
import type { ToolResult } from '../tools/tool-source.ts';
import type { BatchEntry, ToolOutcome } from './run-state.ts';

interface Timing {
  startedAt: number;
  finishedAt: number;
}

function baseRecord(entry: BatchEntry, timing: Timing): ToolCallRecord {
  const record: ToolCallRecord = {
    toolCallId: entry.call.id,
    name: entry.call.name,
    arguments: entry.arguments ?? entry.call.arguments,
    status: 'refused',
    startedAt: timing.startedAt,
    finishedAt: timing.finishedAt,
    durationMs: timing.finishedAt - timing.startedAt,
  };
  if (entry.review) record.review = entry.review;
  if (entry.review?.decision === 'edit') record.requestedArguments = entry.call.arguments;
  return record;
}

/** The model is told when a reviewer changed the arguments, so it does not believe its own arguments ran. */
function message(entry: BatchEntry, content: string, isError: boolean): ToolOutcome['message'] {
  const text = entry.review?.decision === 'edit' ? `${editedArgumentsNote(entry.arguments)}\n\n${content}` : content;
  return { role: 'tool', tool_call_id: entry.call.id, name: entry.call.name, content: text, isError };
}

/**
 * Refusals and failures of calls that started (timeout, execution error, cancellation mid-call) share one structured
 * error shape; `started` keeps the record honest that a started call may have had effects.
 */
export function refusalOutcome(entry: BatchEntry, refusal: Refusal, timing: Timing, started = false): ToolOutcome {
  const status = started ? 'failed' : refusal.code === 'rejected_by_reviewer' ? 'rejected' : 'refused';
  return {
    record: { ...baseRecord(entry, timing), status, refusal },
    message: message(entry, refusalText(refusal), true),
  };
}

export function resultOutcome(entry: BatchEntry, result: ToolResult, timing: Timing): ToolOutcome {
  const isError = result.isError === true;
  const resultRecord: ToolCallRecord['result'] = { content: result.content, isError };
  if (result.structuredContent !== undefined) resultRecord.structuredContent = result.structuredContent;
  if (result._meta !== undefined) resultRecord._meta = result._meta;
  return {
    record: { ...baseRecord(entry, timing), status: isError ? 'failed' : 'succeeded', result: resultRecord },
    message: message(entry, toolResultText(result), isError),
  };
}

/** A human's reply stands in for the call: verbatim for a question the model asked, marked as not-run otherwise. */
export function replyOutcome(entry: BatchEntry, reply: string, askedByModel: boolean, timing: Timing): ToolOutcome {
  const review: ReviewNote = entry.review ?? { decision: 'respond', message: reply };
  return {
    record: { ...baseRecord({ ...entry, review }, timing), status: 'answered' },
    message: message(entry, askedByModel ? reply : reviewerReplyText(reply), false),
  };
}

export function stoppedRefusal(reason: string): Refusal {
  return { code: 'run_stopped', message: `The run stopped before this call ran: ${reason}` };
}

export function entryFor(call: ToolCall): BatchEntry {
  return { call, phase: 'checked' };
}
