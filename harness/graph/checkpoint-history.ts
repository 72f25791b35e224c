// Splits a run state into its append-only histories and the small head, and finds what a step added to each history.
import type { Message } from '../../shared/contracts/messages.ts';
import type { ModelStep } from '../../shared/contracts/run-result.ts';
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import type { RunState } from './run-state.ts';

/** The lists that only grow during a run (a before_model hook may still rewrite messages, e.g. summarisation). */
export interface RunHistory {
  messages: readonly Message[];
  toolCalls: readonly ToolCallRecord[];
  modelSteps: readonly ModelStep[];
}

export const HISTORY_KEYS = ['messages', 'toolCalls', 'modelSteps'] as const;
export type HistoryKey = (typeof HISTORY_KEYS)[number];

/** Everything else: rewritten whole at every step, and small whatever the length of the run. */
export type RunHead = Omit<RunState, HistoryKey>;

/** Cut the list to `from` items, then append `items`. */
export interface ListChange<T> {
  from: number;
  items: T[];
}

export type HistoryChange = { [K in HistoryKey]: ListChange<RunHistory[K][number]> };

export type HistoryLengths = { [K in HistoryKey]: number };

export function headOf(state: RunState): RunHead {
  const { messages: _messages, toolCalls: _toolCalls, modelSteps: _modelSteps, ...head } = state;
  return head;
}

/** Compared by identity: messages and records are immutable once made, so an unchanged item is the same object. */
export function sharedPrefixLength<T>(a: readonly T[], b: readonly T[]): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a[i] === b[i]) i += 1;
  return i;
}

function listChange<T>(saved: readonly T[], next: readonly T[]): ListChange<T> {
  const from = next === saved ? saved.length : sharedPrefixLength(saved, next);
  return { from, items: next.slice(from) };
}

/** What turns `saved` (a copy of what was last written) into the state's histories. */
export function historyChange(saved: RunHistory, state: RunState): HistoryChange {
  return {
    messages: listChange(saved.messages, state.messages),
    toolCalls: listChange(saved.toolCalls, state.toolCalls),
    modelSteps: listChange(saved.modelSteps, state.modelSteps),
  };
}

export function isUnchanged(change: HistoryChange, saved: RunHistory): boolean {
  return HISTORY_KEYS.every((key) => change[key].items.length === 0 && change[key].from === saved[key].length);
}

export const EMPTY_HISTORY: RunHistory = { messages: [], toolCalls: [], modelSteps: [] };

/**
 * A copy of the lists (not of their items), so a caller that later pushes onto its arrays cannot make a checkpointer
 * believe that was already written.
 */
export function historySnapshot(state: RunHistory): RunHistory {
  return { messages: state.messages.slice(), toolCalls: state.toolCalls.slice(), modelSteps: state.modelSteps.slice() };
}

export function lengthsOf(history: RunHistory): HistoryLengths {
  return { messages: history.messages.length, toolCalls: history.toolCalls.length, modelSteps: history.modelSteps.length };
}

/** Replays one change onto mutable lists, as a loader does part by part. */
export function applyListChange<T>(list: T[], change: ListChange<T>): void {
  if (change.from > list.length) throw new Error(`a checkpoint part starts at ${change.from} but the history has ${list.length} items`);
  list.length = change.from;
  for (const item of change.items) list.push(item);
}
