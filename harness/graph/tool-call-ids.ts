// The tool_call_ids a run has used, kept per run drive and extended by the records appended since the last look.
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';

interface Seen {
  ids: Set<string>;
  count: number;
  last: ToolCallRecord | undefined;
}

/**
 * Records are only ever appended (by graph nodes), so a list whose item at the count seen so far is still the one
 * seen extends it; anything else is read afresh. Keyed by the drive's context, so nothing outlives the drive.
 */
export function createToolCallIds() {
  const byDrive = new WeakMap<object, Seen>();
  return (drive: object, records: readonly ToolCallRecord[]): ReadonlySet<string> => {
    let seen = byDrive.get(drive);
    if (!seen || records.length < seen.count || (seen.count > 0 && records[seen.count - 1] !== seen.last)) {
      seen = { ids: new Set(), count: 0, last: undefined };
      byDrive.set(drive, seen);
    }
    for (let i = seen.count; i < records.length; i += 1) seen.ids.add((records[i] as ToolCallRecord).toolCallId);
    seen.count = records.length;
    seen.last = records[records.length - 1];
    return seen.ids;
  };
}
