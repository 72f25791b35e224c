// The turns of a session in the order they were accepted (agent_session_turns): the store-held lock and queue that keep one run per session across API copies.
import type { DocumentStore } from '../../shared/store/port.ts';
import { isDuplicateKeyError } from '../../shared/store/port.ts';

export const SESSION_TURNS_COLLECTION = 'agent_session_turns';

/**
 * `waiting` for the turns ahead of it, `running` under its holder's lease, `paused` while its run waits for a review
 * (no lease: the review holds it), `settled` once it needs the session no more.
 */
export type TurnState = 'waiting' | 'running' | 'paused' | 'settled';

/** Why a turn settled without running to its end: another message interrupted it, or its holder stopped renewing its lease. */
export type TurnEnd = 'finished' | 'rejected' | 'cancelled' | 'lapsed' | 'gave_up';

export interface TurnDoc {
  /** `<sessionId>#<seq>` with seq zero-padded: unique, so two copies can never accept the same place in the queue. */
  _id: string;
  sessionId: string;
  seq: number;
  runId: string;
  userId: string;
  state: TurnState;
  leaseUntil: Date;
  acceptedAt: Date;
  end: TurnEnd | null;
  /** Who asked to cancel the turn while it waited or ran. */
  cancelledBy: string | null;
}

export interface SessionTurns {
  /** Takes the next place in the session's queue; `runId` must be new. */
  accept(input: { sessionId: string; userId: string; runId: string; at: Date; leaseUntil: Date }): Promise<TurnDoc>;
  /** The unsettled turns ahead of `turn`, oldest first. */
  ahead(turn: TurnDoc): Promise<TurnDoc[]>;
  get(id: string): Promise<TurnDoc | null>;
  byRun(runId: string): Promise<TurnDoc | null>;
  /** Moves a waiting turn to running; false when it is no longer waiting (it was cancelled). */
  start(id: string, leaseUntil: Date): Promise<boolean>;
  renew(id: string, leaseUntil: Date): Promise<void>;
  pause(runId: string): Promise<void>;
  /** Settles the turn unless it already is (or, with `from`, unless it is in that state); true when this call settled it. */
  settle(id: string, end: TurnEnd, options?: { cancelledBy?: string; from?: TurnState }): Promise<boolean>;
  /** Settles a running or waiting turn whose lease ran out at `now`, exactly as it was read; true when this call did. */
  lapse(turn: TurnDoc, now: Date): Promise<boolean>;
  markCancelRequested(id: string, by: string): Promise<void>;
}

const SEQ_DIGITS = 12;
const turnId = (sessionId: string, seq: number) => `${sessionId}#${String(seq).padStart(SEQ_DIGITS, '0')}`;
/** Acceptance retries after losing a race for a place; each loss means another message got that place. */
const MAX_ACCEPT_ATTEMPTS = 1000;

export async function createSessionTurns(store: DocumentStore): Promise<SessionTurns> {
  const turns = store.collection<TurnDoc>(SESSION_TURNS_COLLECTION);
  await turns.createIndex({ sessionId: 1, seq: -1 });
  await turns.createIndex({ runId: 1 });
  return {
    async accept({ sessionId, userId, runId, at, leaseUntil }) {
      for (let attempt = 0; attempt < MAX_ACCEPT_ATTEMPTS; attempt++) {
        const last = await turns.findOne({ sessionId }, { sort: { seq: -1 } });
        const seq = (last?.seq ?? 0) + 1;
        const doc: TurnDoc = { _id: turnId(sessionId, seq), sessionId, seq, runId, userId, state: 'waiting', leaseUntil, acceptedAt: at, end: null, cancelledBy: null };
        try {
          // The unique _id is the only atomic step: it holds on every backend, FerretDB included, where findAndModify does not.
          await turns.insertOne(doc);
          return doc;
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
      throw new Error(`no place in the queue of session ${sessionId} after ${MAX_ACCEPT_ATTEMPTS} attempts`);
    },
    ahead: (turn) => turns.find({ sessionId: turn.sessionId, seq: { $lt: turn.seq }, state: { $ne: 'settled' } }, { sort: { seq: 1 } }).toArray(),
    get: (id) => turns.findOne({ _id: id }),
    byRun: (runId) => turns.findOne({ runId }),
    async start(id, leaseUntil) {
      return (await turns.updateOne({ _id: id, state: 'waiting' }, { $set: { state: 'running', leaseUntil } })).modifiedCount === 1;
    },
    async renew(id, leaseUntil) {
      await turns.updateOne({ _id: id, state: { $in: ['waiting', 'running'] } }, { $set: { leaseUntil } });
    },
    async pause(runId) {
      await turns.updateOne({ runId, state: 'running' }, { $set: { state: 'paused' } });
    },
    async settle(id, end, options = {}) {
      const set = options.cancelledBy === undefined ? { state: 'settled' as const, end } : { state: 'settled' as const, end, cancelledBy: options.cancelledBy };
      const filter = options.from === undefined ? { _id: id, state: { $ne: 'settled' as const } } : { _id: id, state: options.from };
      return (await turns.updateOne(filter, { $set: set })).modifiedCount === 1;
    },
    async lapse(turn, now) {
      if (turn.state === 'paused' || turn.state === 'settled' || turn.leaseUntil > now) return false;
      const res = await turns.updateOne({ _id: turn._id, state: turn.state, leaseUntil: turn.leaseUntil }, { $set: { state: 'settled', end: 'lapsed' } });
      return res.modifiedCount === 1;
    },
    async markCancelRequested(id, by) {
      await turns.updateOne({ _id: id, state: { $ne: 'settled' } }, { $set: { cancelledBy: by } });
    },
  };
}
