// One run per session: a message takes its place in the session's store-held queue and, by the busy policy, is refused, waits its turn, or interrupts the busy run.
import type { BusyPolicy } from '../../shared/contracts/profile-sections.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { SessionTurns, TurnDoc } from './session-turns.ts';

export interface SessionGateDeps {
  readonly turns: SessionTurns;
  /** How long a turn's holder may go silent before another copy treats it as gone. */
  readonly leaseMs: number;
  /** How often a waiting message looks at the queue again; turns settled in this process wake it at once. */
  readonly pollMs: number;
  /** The longest a message waits for the turns ahead of it. */
  readonly maxWaitMs: number;
  readonly now: () => Date;
}

/** The turn a message got: settle it once its run has settled; `cancelledBy` is set when it was cancelled before it could start. */
export type Entered = { readonly turn: TurnDoc; readonly cancelledBy?: undefined } | { readonly turn: TurnDoc; readonly cancelledBy: string };

export interface SessionGate {
  /**
   * Takes a place for `runId` in the session and returns once the run may start. `interrupt` is called for each
   * started or paused turn ahead when the policy is interrupt; turns that had not started yet are cancelled here.
   */
  enter(input: { sessionId: string; userId: string; runId: string; policy: BusyPolicy; interrupt: (turn: TurnDoc) => Promise<void> }): Promise<Entered>;
  /** The run's turn after its run came back: a paused run keeps the session (without a lease), anything else frees it. */
  release(runId: string, status: 'completed' | 'interrupted' | 'failed', cancelled: boolean): Promise<void>;
  /** Cancels a turn that has not started; false when it already had. */
  cancelWaiting(turn: TurnDoc, by: string): Promise<boolean>;
}

export function createSessionGate(deps: SessionGateDeps): SessionGate {
  const { turns } = deps;
  const wakers = new Set<() => void>();
  const renewals = new Map<string, NodeJS.Timeout>();
  const leaseFrom = () => new Date(deps.now().getTime() + deps.leaseMs);
  const wakeAll = () => {
    for (const wake of [...wakers]) wake();
  };

  /** Resolves on the next local settle or after pollMs, whichever comes first. */
  function nextLook(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, deps.pollMs);
      wakers.add(done);
    });
  }

  function keepAlive(turn: TurnDoc): void {
    const timer = setInterval(() => {
      turns.renew(turn._id, leaseFrom()).catch(() => undefined);
    }, Math.max(1, Math.floor(deps.leaseMs / 3)));
    timer.unref();
    renewals.set(turn.runId, timer);
  }

  function stopKeepingAlive(runId: string): void {
    clearInterval(renewals.get(runId));
    renewals.delete(runId);
  }

  /** The turns ahead that still hold the session; a holder whose lease ran out no longer does. */
  async function blockers(turn: TurnDoc): Promise<TurnDoc[]> {
    const holding: TurnDoc[] = [];
    for (const ahead of await turns.ahead(turn)) {
      if (!(await turns.lapse(ahead, deps.now()))) holding.push(ahead);
    }
    return holding;
  }

  async function waitTurn(mine: TurnDoc): Promise<Entered> {
    const deadline = deps.now().getTime() + deps.maxWaitMs;
    for (;;) {
      const current = await turns.get(mine._id);
      if (current === null || current.state === 'settled') return { turn: mine, cancelledBy: current?.cancelledBy ?? 'system' };
      if ((await blockers(mine)).length === 0) {
        if (await turns.start(mine._id, leaseFrom())) {
          keepAlive(mine);
          return { turn: mine };
        }
        continue;
      }
      if (deps.now().getTime() >= deadline) {
        await turns.settle(mine._id, 'gave_up');
        wakeAll();
        throw kernelErrors.session_queue_timeout({ sessionId: mine.sessionId, runId: mine.runId });
      }
      await turns.renew(mine._id, leaseFrom());
      await nextLook();
    }
  }

  return {
    async enter({ sessionId, userId, runId, policy, interrupt }) {
      const mine = await turns.accept({ sessionId, userId, runId, at: deps.now(), leaseUntil: leaseFrom() });
      const busy = await blockers(mine);
      if (busy.length > 0 && policy === 'reject') {
        await turns.settle(mine._id, 'rejected');
        throw kernelErrors.session_busy({ sessionId, busyRunId: busy[0]!.runId });
      }
      if (policy === 'interrupt') {
        for (const turn of busy) {
          if (turn.state === 'waiting' && (await turns.settle(turn._id, 'cancelled', { cancelledBy: userId, from: 'waiting' }))) continue;
          await interrupt(turn);
        }
        wakeAll();
      }
      return waitTurn(mine);
    },

    async release(runId, status, cancelled) {
      stopKeepingAlive(runId);
      const turn = await turns.byRun(runId);
      if (turn === null) return;
      if (status === 'interrupted') await turns.pause(runId);
      else await turns.settle(turn._id, cancelled ? 'cancelled' : 'finished');
      wakeAll();
    },

    async cancelWaiting(turn, by) {
      const done = await turns.settle(turn._id, 'cancelled', { cancelledBy: by, from: 'waiting' });
      if (done) wakeAll();
      return done;
    },
  };
}
