// Splits a run state into its append-only histories and the small head, and finds what a step added to each history.
import type { Message } from '../../shared/contracts/messages.ts';
import type { ModelStep } from '../../shared/contracts/run-result.ts';
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import type { RunState } from './run-state.ts';

/**
 * The lists that grow during a run. Tool-call records and model steps are only ever appended (by graph nodes);
 * messages too, except that a before_model hook may rewrite them (e.g. summarisation).
 */
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

/** A list as it was written: the array and its length then (a caller may push onto the same array later). */
export interface WrittenList<T> {
  list: readonly T[];
  length: number;
}

export type WrittenHistory = { [K in HistoryKey]: WrittenList<RunHistory[K][number]> };

function written<T>(list: readonly T[]): WrittenList<T> {
  return { list, length: list.length };
}

export function writtenHistory(history: RunHistory): WrittenHistory {
  return { messages: written(history.messages), toolCalls: written(history.toolCalls), modelSteps: written(history.modelSteps) };
}

export const EMPTY_HISTORY: WrittenHistory = writtenHistory({ messages: [], toolCalls: [], modelSteps: [] });

/** Messages may have been rewritten anywhere, so they are compared item by item (by identity, which is cheap). */
function rewritableChange<T>(saved: WrittenList<T>, next: readonly T[]): ListChange<T> {
  const from = next === saved.list ? Math.min(saved.length, next.length) : Math.min(saved.length, sharedPrefixLength(saved.list, next));
  return { from, items: next.slice(from) };
}

/** Appended-only lists extend what was written when its last item is still in place; otherwise they are written whole. */
function appendedChange<T>(saved: WrittenList<T>, next: readonly T[]): ListChange<T> {
  const { list, length } = saved;
  const extends_ = next.length >= length && (length === 0 || next[length - 1] === list[length - 1]);
  const from = extends_ ? length : 0;
  return { from, items: next.slice(from) };
}

/** What turns what was last written into the state's histories. */
export function historyChange(saved: WrittenHistory, state: RunState): HistoryChange {
  return {
    messages: rewritableChange(saved.messages, state.messages),
    toolCalls: appendedChange(saved.toolCalls, state.toolCalls),
    modelSteps: appendedChange(saved.modelSteps, state.modelSteps),
  };
}

export function isUnchanged(change: HistoryChange, saved: WrittenHistory): boolean {
  return HISTORY_KEYS.every((key) => change[key].items.length === 0 && change[key].from === saved[key].length);
}

export function lengthsOf(history: RunHistory): HistoryLengths {
  return { messages: history.messages.length, toolCalls: history.toolCalls.length, modelSteps: history.modelSteps.length };
}

/** Replays one change onto mutable lists, as a loader does part by part. */
export function applyListChange<T>(list: T[], change: ListChange<T>): void {
  if (change.from > list.length) throw new Error(`a checkpoint part starts at ${change.from} but the history has ${list.length} items`);
  if (change.from < list.length) list.length = change.from;
  for (const item of change.items) list.push(item);
}
