// A clock and timers that move only when the test says so; advance() runs the timers that fall due and awaits them.
import type { Clock, Timers } from '../kit/clock.ts';

interface Pending {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void | Promise<void>;
}

export class ManualClock implements Clock, Timers {
  private current: number;
  private pending: Pending[] = [];
  private seq = 0;

  constructor(start: string | Date) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  after(ms: number, fn: () => void | Promise<void>): () => void {
    const entry = { at: this.current + ms, seq: this.seq++, fn };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((p) => p !== entry);
    };
  }

  /** Moves time forward, running (and awaiting) every timer due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.current = Math.max(this.current, due.at);
      await due.fn();
    }
    this.current = target;
  }

  /** Moves time without running timers: a worker whose process stalled. */
  jump(ms: number): void {
    this.current += ms;
  }

  get timersPending(): number {
    return this.pending.length;
  }
}
