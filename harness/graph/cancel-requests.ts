// The CancelRequests port: a run's cancel flag, kept in the store so that whichever harness copy runs the run sees it at its next node.
import type { DocumentStore } from '../../shared/store/port.ts';

export interface CancelRequest {
  runId: string;
  by: { userId: string; role: string };
  at: number;
}

export interface CancelRequests {
  /** Raises the flag; the first request is kept when several arrive. */
  request(request: CancelRequest): Promise<void>;
  find(runId: string): Promise<CancelRequest | undefined>;
}

interface CancelDoc {
  _id: string;
  by: { userId: string; role: string };
  at: number;
  expiresAt: Date;
}

/** A flag outlives any run it could stop; the TTL index removes it afterwards. */
const FLAG_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createStoreCancelRequests(store: DocumentStore, collection = 'agent_run_cancellations'): CancelRequests {
  const flags = store.collection<CancelDoc>(collection);
  let indexed: Promise<string> | undefined;
  const ensureIndex = () => (indexed ??= flags.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }));
  return {
    async request({ runId, by, at }) {
      await ensureIndex();
      await flags.updateOne({ _id: runId }, { $setOnInsert: { by, at, expiresAt: new Date(at + FLAG_TTL_MS) } }, { upsert: true });
    },
    async find(runId) {
      const doc = await flags.findOne({ _id: runId });
      return doc ? { runId, by: doc.by, at: doc.at } : undefined;
    },
  };
}

export function createMemoryCancelRequests(): CancelRequests {
  const flags = new Map<string, CancelRequest>();
  return {
    async request(request) {
      if (!flags.has(request.runId)) flags.set(request.runId, { ...request, by: { ...request.by } });
    },
    async find(runId) {
      return flags.get(runId);
    },
  };
}
