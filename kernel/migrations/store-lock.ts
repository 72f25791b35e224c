// A named lock held under a lease in the store, so processes and copies that share the store take turns.
import type { DocumentStore } from '../../shared/store/port.ts';
import { isDuplicateKeyError } from '../../shared/store/port.ts';

export const LOCKS_COLLECTION = 'nexus_locks';

interface LockDocument {
  readonly _id: string;
  readonly holder: string;
  readonly expiresAt: Date;
}

export interface StoreLockOptions {
  readonly holder: string;
  /** How long the lock outlives a holder that stops renewing it (it crashed). */
  readonly leaseMs?: number;
  /** How often a waiting process looks again. */
  readonly pollMs?: number;
  readonly now?: () => Date;
  /** Called once when the lock is found held by another live holder, before waiting for it. */
  onWait?(holder: string): void;
}

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Taking the lock is an insert under the unique `_id`: the one operation that is atomic on every backend (FerretDB's
 * findAndModify is not atomic across connections). A lapsed lease is removed by a delete that matches its holder and
 * expiry, then the insert is raced for again.
 */
export async function acquireStoreLock(store: DocumentStore, name: string, options: StoreLockOptions): Promise<HeldLock> {
  const locks = store.collection<LockDocument>(LOCKS_COLLECTION);
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 250;
  const now = options.now ?? (() => new Date());
  let waited = false;
  for (;;) {
    try {
      await locks.insertOne({ _id: name, holder: options.holder, expiresAt: new Date(now().getTime() + leaseMs) });
      break;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const current = await locks.findOne({ _id: name });
    if (current === null) continue;
    if (current.expiresAt.getTime() <= now().getTime()) {
      await locks.deleteOne({ _id: name, holder: current.holder, expiresAt: current.expiresAt });
      continue;
    }
    if (!waited) options.onWait?.(current.holder);
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  // Renewed well inside the lease, so only a holder that stopped running loses it.
  const renewal = setInterval(() => {
    void locks.updateOne({ _id: name, holder: options.holder }, { $set: { expiresAt: new Date(now().getTime() + leaseMs) } }).catch(() => undefined);
  }, Math.max(1, Math.floor(leaseMs / 3)));
  renewal.unref();
  return {
    async release() {
      clearInterval(renewal);
      await locks.deleteOne({ _id: name, holder: options.holder });
    },
  };
}
