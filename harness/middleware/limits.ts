// Model-call and tool-call limits with loop detection; a run over a limit stops as failed and its open calls are answered.
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import { sharedPrefixLength } from '../graph/checkpoint-history.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import type { Middleware } from './middleware.ts';

export interface LimitsOptions {
  maxModelCalls?: number;
  maxToolCalls?: number;
  /** A call with the same name and arguments seen this many times in a run is a loop. */
  loopThreshold?: number;
}

/** Key order must not make two identical calls look different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const MAX_TRACKED_RUNS = 1000;

function signature(name: string, args: unknown): string {
  return `${name}\u0000${canonical(args)}`;
}

/**
 * Checks run after the model answers, before any of its calls is validated or run: refused calls count too, since a
 * model repeating a refused call is looping just the same. The request's limits override these defaults.
 */
export function createLimitsMiddleware(options: LimitsOptions = {}): Middleware {
  const defaults = { maxModelCalls: 25, maxToolCalls: 100, loopThreshold: 3, ...options };
  // Call counts per run, extended by the records appended since the last model call rather than recounted each time.
  const tallies = new Map<string, { records: readonly ToolCallRecord[]; seen: Map<string, number> }>();
  function seenIn(runId: string, records: readonly ToolCallRecord[]): Map<string, number> {
    let tally = tallies.get(runId);
    const shared = tally ? sharedPrefixLength(tally.records, records) : 0;
    if (!tally || shared < tally.records.length) {
      tally = { records: [], seen: new Map() };
      if (tallies.size >= MAX_TRACKED_RUNS) tallies.delete(tallies.keys().next().value as string);
    }
    for (const record of records.slice(tally.records.length)) {
      const key = signature(record.name, record.requestedArguments ?? record.arguments);
      tally.seen.set(key, (tally.seen.get(key) ?? 0) + 1);
    }
    tallies.set(runId, { records: records.slice(), seen: tally.seen });
    return tally.seen;
  }
  return {
    name: 'limits',
    beforeModel({ run, state }) {
      const max = run.limits.maxModelCalls ?? defaults.maxModelCalls;
      if (state.modelCalls >= max) {
        throw harnessErrors.limit_exceeded(undefined, `the run reached its limit of ${max} model calls`);
      }
    },
    afterModel({ run, state, response }) {
      const calls = response.message.tool_calls;
      if (calls.length === 0) return;
      const maxToolCalls = run.limits.maxToolCalls ?? defaults.maxToolCalls;
      if (state.toolCalls.length + calls.length > maxToolCalls) {
        throw harnessErrors.limit_exceeded(undefined, `the model asked for more than the run's limit of ${maxToolCalls} tool calls`);
      }
      const threshold = run.limits.loopThreshold ?? defaults.loopThreshold;
      const seen = seenIn(run.runId, state.toolCalls);
      const asked = new Map<string, number>();
      for (const call of calls) {
        const key = signature(call.name, call.rawArguments ?? call.arguments);
        const count = (seen.get(key) ?? 0) + (asked.get(key) ?? 0) + 1;
        asked.set(key, (asked.get(key) ?? 0) + 1);
        if (count >= threshold) {
          throw harnessErrors.loop_detected({ tool: call.name, count }, `the model called ${call.name} with the same arguments ${count} times`);
        }
      }
    },
    afterAgent({ run }) {
      tallies.delete(run.runId);
    },
  };
}
