// Turns what the harness answered (or the failure to reach it) into the app's audit records.
import { isUngroundedAnswer, type ModelStep, type RunResult } from '../../shared/contracts/run-result.ts';
import type { ModelStepRecord, RunRecord, ToolCallRecordDoc } from '../audit/audit-schemas.ts';

export interface RunBoundary {
  readonly runId: string;
  readonly identity: { readonly userId: string; readonly role: string; readonly sessionId: string; readonly correlationId: string };
  readonly input: string;
  /** The trace of the request that reaches the harness; null when tracing is off. */
  readonly traceId: string | null;
  readonly startedAt: Date;
  readonly finishedAt: Date;
}

/** What a run came back with, or why the API has no result for it (`cancelledBy` when it was cancelled before the harness saw it). */
export type RunOutcome = { result: RunResult } | { error: { code: string; message: string; cancelledBy?: string } };

/** Who cancelled the run: the API says so for a run stopped before it started, the harness's error details for one stopped on the way. */
function cancelledByOf(outcome: RunOutcome): string | undefined {
  if ('error' in outcome) return outcome.error.code === 'cancelled' ? outcome.error.cancelledBy : undefined;
  const error = outcome.result.error;
  if (error?.code !== 'cancelled') return undefined;
  const by = (error.details as { cancelledBy?: { userId?: unknown } } | undefined)?.cancelledBy?.userId;
  return typeof by === 'string' ? by : undefined;
}

export function toRunRecord(b: RunBoundary, outcome: RunOutcome): RunRecord {
  const result = 'result' in outcome ? outcome.result : undefined;
  const error = 'error' in outcome ? { code: outcome.error.code, message: outcome.error.message } : result?.error ? { code: result.error.code, message: result.error.message } : null;
  const cancelledBy = cancelledByOf(outcome);
  return {
    _id: b.runId,
    userId: b.identity.userId,
    role: b.identity.role,
    sessionId: b.identity.sessionId,
    correlationId: b.identity.correlationId,
    traceId: b.traceId,
    route: result?.route ?? null,
    skill: result?.skill ?? null,
    input: b.input,
    status: result?.status ?? 'failed',
    answer: result?.answer ?? null,
    error,
    ...(cancelledBy !== undefined ? { cancelledBy } : {}),
    usage: { inputTokens: result?.usage.inputTokens ?? 0, outputTokens: result?.usage.outputTokens ?? 0 },
    grounding: result?.grounding ?? null,
    groundedOn: (result?.groundedOn ?? []).map((call) => ({ toolCallId: call.toolCallId, tool: call.name })),
    toolsOffered: result?.toolsOffered ?? null,
    ungrounded: result !== undefined && isUngroundedAnswer(result),
    modelSteps: (result?.modelSteps ?? []).map(toModelStepRecord),
    startedAt: b.startedAt,
    finishedAt: b.finishedAt,
    durationMs: b.finishedAt.getTime() - b.startedAt.getTime(),
  };
}

/** A resumed run's result repeats its earlier steps, so the run's document always holds the whole list. */
function toModelStepRecord(step: ModelStep): ModelStepRecord {
  const record: ModelStepRecord = {
    index: step.index,
    kind: step.kind,
    startedAt: new Date(step.startedAt),
    durationMs: Math.round(step.durationMs),
    usage: { inputTokens: step.usage.inputTokens, outputTokens: step.usage.outputTokens },
    text: step.text,
    textTruncated: step.textTruncated === true,
    toolCalls: step.toolCalls.map((call) => ({ toolCallId: call.id, tool: call.name })),
  };
  if (step.toolChoice !== undefined) record.toolChoice = step.toolChoice;
  if (step.stopReason !== undefined) record.stopReason = step.stopReason;
  return record;
}

/** `server` is where the harness ran the call (an MCP server's profile name); null for calls that never ran. */
export function toToolCallDocs(runId: string, result: RunResult): ToolCallRecordDoc[] {
  return result.toolCalls.map((call) => ({
    _id: `${runId}/${call.toolCallId}`,
    runId,
    toolCallId: call.toolCallId,
    tool: call.name,
    server: call.source ?? null,
    arguments: call.arguments,
    result: call.result ?? call.refusal ?? null,
    isError: call.result?.isError ?? ['failed', 'refused', 'rejected'].includes(call.status),
    refusal: call.refusal ? `${call.refusal.code}: ${call.refusal.message}` : null,
    reviewedBy: call.review?.reviewerId ?? null,
    startedAt: new Date(call.startedAt),
    durationMs: Math.round(call.durationMs),
  }));
}
