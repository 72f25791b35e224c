// An in-memory Checkpointer with the same step and TTL rules as the store-backed one; for tests and single-process use.
import { CheckpointConflictError, summaryOf, type Checkpointer, type CheckpointSummary } from './checkpointer.ts';
import type { RunState } from './run-state.ts';

export interface MemoryCheckpointerOptions {
  ttlMs?: number;
  now?: () => number;
}

export interface MemoryCheckpointer extends Checkpointer {
  purgeExpired(): Promise<number>;
}

const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * States are kept as JSON text: a caller mutating its copy never changes what was saved, states are held to the same
 * JSON-only rule as in the store, and stringify/parse is much cheaper than structuredClone for these object graphs.
 */
export function createMemoryCheckpointer(options: MemoryCheckpointerOptions = {}): MemoryCheckpointer {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const runs = new Map<string, { json: string; summary: CheckpointSummary; expiresAt: number }>();
  const live = (runId: string) => {
    const entry = runs.get(runId);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    async load(runId) {
      const entry = live(runId);
      return entry ? (JSON.parse(entry.json) as RunState) : undefined;
    },
    async save(state, { parentStep }) {
      const current = live(state.runId);
      const matches = parentStep === null ? current === undefined : current?.summary.step === parentStep;
      if (!matches) throw new CheckpointConflictError(state.runId, parentStep);
      runs.set(state.runId, { json: JSON.stringify(state), summary: summaryOf(state), expiresAt: now() + ttlMs });
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
