// Turns a settled run into the app's audit records: the run's document and one document per tool call.
import { isUngroundedAnswer, type ModelStep, type RunResult } from '../../shared/contracts/run-result.ts';
import type { AgentRunOutcome } from '../contracts/agent-run-service.ts';
import type { ModelStepRecord, RunRecord, ToolCallRecordDoc } from '../audit/audit-schemas.ts';

export interface RunBoundary {
  readonly runId: string;
  readonly identity: { readonly userId: string; readonly role: string; readonly sessionId: string; readonly correlationId: string };
  readonly input: string;
  /** The trace of the request that reaches the harness; null when tracing is off. */
  readonly traceId: string | null;
  /** When the run first started: a resumed run keeps the start of its first part. */
  readonly startedAt: Date;
}

/** The run's audit record, from the outcome the API answers with, so the two never disagree on status, answer or error. */
export function toRunRecord(b: RunBoundary, finishedAt: Date, outcome: AgentRunOutcome, cancelledBy: string | undefined): RunRecord {
  const { result } = outcome;
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
    status: outcome.status,
    answer: outcome.answer,
    error: outcome.error,
    ...(cancelledBy !== undefined ? { cancelledBy } : {}),
    usage: { inputTokens: result?.usage.inputTokens ?? 0, outputTokens: result?.usage.outputTokens ?? 0 },
    grounding: result?.grounding ?? null,
    groundedOn: (result?.groundedOn ?? []).map((call) => ({ toolCallId: call.toolCallId, tool: call.name })),
    toolsOffered: result?.toolsOffered ?? null,
    ungrounded: result !== null && isUngroundedAnswer(result),
    modelSteps: (result?.modelSteps ?? []).map(toModelStepRecord),
    startedAt: b.startedAt,
    finishedAt,
    durationMs: finishedAt.getTime() - b.startedAt.getTime(),
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
