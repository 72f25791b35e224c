// Orders one run's model steps and tool calls into a single timeline by time, each call after the step that asked for it.
import type { AuditModelStep, AuditToolCall } from '../../api/types.ts';

export type TimelineEntry = { type: 'step'; step: AuditModelStep } | { type: 'call'; call: AuditToolCall };

/**
 * Instants have millisecond precision, so a fast step and its calls can share one; ties are broken by position:
 * step k, then the calls step k asked for, then step k + 1. Calls no step names (runs recorded before steps were
 * kept) go by time alone; one without a start time takes its step's.
 */
export function runTimeline(steps: readonly AuditModelStep[], calls: readonly AuditToolCall[]): TimelineEntry[] {
  const owner = new Map<string, AuditModelStep>();
  for (const step of steps) for (const requested of step.toolCalls) owner.set(requested.toolCallId, step);
  const keyed = [
    ...steps.map((step) => ({ at: step.startedAt, rank: 2 * step.index, entry: { type: 'step', step } as TimelineEntry })),
    ...calls.map((call) => {
      const step = owner.get(call.toolCallId);
      return { at: call.startedAt ?? step?.startedAt ?? '', rank: step ? 2 * step.index + 1 : Number.MAX_SAFE_INTEGER, entry: { type: 'call', call } as TimelineEntry };
    }),
  ];
  // ISO instants of one format order as plain strings.
  keyed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.rank - b.rank));
  return keyed.map((item) => item.entry);
}
