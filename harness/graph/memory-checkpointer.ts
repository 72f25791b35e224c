// An in-memory Checkpointer with the same step and TTL rules as the store-backed one; for tests and single-process use.
import { CheckpointConflictError, summaryOf, type Checkpointer, type CheckpointSummary } from './checkpointer.ts';
import {
  EMPTY_HISTORY,
  HISTORY_KEYS,
  applyListChange,
  headOf,
  historyChange,
  writtenHistory,
  type RunHead,
  type RunHistory,
  type WrittenHistory,
} from './checkpoint-history.ts';
import type { RunState } from './run-state.ts';

export interface MemoryCheckpointerOptions {
  ttlMs?: number;
  now?: () => number;
}

export interface MemoryCheckpointer extends Checkpointer {
  purgeExpired(): Promise<number>;
}

const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface Entry {
  summary: CheckpointSummary;
  expiresAt: number;
  head: string;
  /** Each history item as JSON text, written once when it is appended. */
  items: { [K in keyof RunHistory]: string[] };
  /** The lists as last written (shared with the caller), to find what the next step added. */
  saved: WrittenHistory;
}

/**
 * Everything is kept as JSON text: a caller mutating its copy never changes what was saved, states are held to the same
 * JSON-only rule as in the store, and stringify/parse is much cheaper than structuredClone for these object graphs. A step
 * serialises only the small head and the items it appended, so a step costs the same at step 500 as at step 1.
 */
export function createMemoryCheckpointer(options: MemoryCheckpointerOptions = {}): MemoryCheckpointer {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const runs = new Map<string, Entry>();
  const live = (runId: string) => {
    const entry = runs.get(runId);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    async load(runId) {
      const entry = live(runId);
      if (!entry) return undefined;
      const state = JSON.parse(entry.head) as RunHead as RunState;
      for (const key of HISTORY_KEYS) (state as unknown as Record<string, unknown[]>)[key] = entry.items[key].map((item) => JSON.parse(item));
      // The loaded lists become the base to compare with, so a resumed run appends rather than rewrites.
      entry.saved = writtenHistory(state);
      return state;
    },
    async save(state, { parentStep }) {
      const current = live(state.runId);
      const matches = parentStep === null ? current === undefined : current?.summary.step === parentStep;
      if (!matches) throw new CheckpointConflictError(state.runId, parentStep);
      const entry: Entry = current ?? {
        summary: summaryOf(state),
        expiresAt: 0,
        head: '',
        items: { messages: [], toolCalls: [], modelSteps: [] },
        saved: EMPTY_HISTORY,
      };
      const change = historyChange(entry.saved, state);
      // Serialised before anything is applied, so a state that cannot be written leaves the checkpoint as it was.
      const head = JSON.stringify(headOf(state));
      const texts = HISTORY_KEYS.map((key) => ({ from: change[key].from, items: change[key].items.map((item) => JSON.stringify(item)) }));
      HISTORY_KEYS.forEach((key, i) => applyListChange(entry.items[key], texts[i]!));
      entry.head = head;
      entry.summary = summaryOf(state);
      entry.expiresAt = now() + ttlMs;
      entry.saved = writtenHistory(state);
      runs.set(state.runId, entry);
    },
    async list(threadId) {
      return [...runs.keys()]
        .map((runId) => live(runId))
        .filter((entry) => entry !== undefined && entry.summary.threadId === threadId)
        .map((entry) => ({ ...entry!.summary }))
        .sort((a, b) => a.startedAt - b.startedAt);
    },
    async deleteThread(threadId) {
      for (const [runId, entry] of runs) if (entry.summary.threadId === threadId) runs.delete(runId);
    },
    async purgeExpired() {
      let purged = 0;
      for (const [runId, entry] of runs) {
        if (entry.expiresAt <= now()) {
          runs.delete(runId);
          purged += 1;
        }
      }
      return purged;
    },
  };
}
