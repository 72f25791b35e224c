// An in-process executor for worker tests: records every call, and can fail, refuse or hold a run until the test releases it.
import { Type } from 'typebox';
import { defineErrors, type ExecutionContext, type RetryPolicy, type ScheduledTaskExecutor } from 'nexus/kernel';

export const probeErrors = defineErrors({
  probe_refused: { status: 422, message: 'The probe refuses this note.' },
  probe_outage: { status: 503, message: 'The probe platform is down.' },
});

export const ProbePayload = Type.Object(
  {
    note: Type.String({ minLength: 1, maxLength: 100 }),
    /** Fail this many attempts (503) before succeeding. */
    failTimes: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Refuse at run time with a 4xx (not retried). */
    refuse: Type.Optional(Type.Boolean()),
    /** Wait for release() (or an abort) before returning. */
    hold: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export interface ProbeCall {
  readonly taskId: string;
  readonly scheduledFor: string;
  readonly idempotencyKey: string;
  readonly userId: string;
  readonly role: string;
  readonly note: string;
  readonly signal: AbortSignal;
}

export interface Probe {
  readonly executor: ScheduledTaskExecutor<typeof ProbePayload>;
  readonly calls: ProbeCall[];
  /** Resolves when a held call has started. */
  started(): Promise<ProbeCall>;
  /** Lets every held call finish. */
  release(): void;
}

export function createProbe(kind = 'probe.record', retry?: RetryPolicy): Probe {
  const calls: ProbeCall[] = [];
  const attemptsByKey = new Map<string, number>();
  let releaseHeld: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (releaseHeld = resolve));
  const waiting: ((call: ProbeCall) => void)[] = [];
  const startedCalls: ProbeCall[] = [];
  return {
    calls,
    executor: {
      kind,
      description: 'Records the call (test executor).',
      payloadSchema: ProbePayload,
      async validate(payload) {
        if (payload.note === 'refuse-me') throw probeErrors.probe_refused({ note: payload.note });
      },
      async execute(payload, ctx: ExecutionContext) {
        const call: ProbeCall = {
          taskId: ctx.taskId, scheduledFor: ctx.scheduledFor.toISOString(), idempotencyKey: ctx.idempotencyKey,
          userId: ctx.identity.userId, role: ctx.identity.role, note: payload.note, signal: ctx.signal,
        };
        calls.push(call);
        const attempt = (attemptsByKey.get(ctx.idempotencyKey) ?? 0) + 1;
        attemptsByKey.set(ctx.idempotencyKey, attempt);
        if (payload.hold) {
          const waiter = waiting.shift();
          if (waiter) waiter(call);
          else startedCalls.push(call);
          // A held call ends when released, or fails like a well-behaved executor when its signal aborts.
          await Promise.race([
            held,
            new Promise<never>((_, reject) => {
              if (ctx.signal.aborted) reject(ctx.signal.reason);
              ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
            }),
          ]);
        }
        if (payload.refuse) throw probeErrors.probe_refused({ note: payload.note });
        if (attempt <= (payload.failTimes ?? 0)) throw probeErrors.probe_outage({ attempt });
        return { summary: `recorded ${payload.note}`, data: { attempt } };
      },
      ...(retry === undefined ? {} : { retry }),
    },
    started: () => {
      const early = startedCalls.shift();
      return early ? Promise.resolve(early) : new Promise<ProbeCall>((resolve) => waiting.push(resolve));
    },
    release: () => {
      releaseHeld();
      held = new Promise<void>((resolve) => (releaseHeld = resolve));
    },
  };
}
