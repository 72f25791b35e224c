// Faults the simulator can be told to produce, globally or for one device, each for a number of requests or until cleared.
import { Type, type Static } from 'typebox';
import type { Behaviour } from './world.ts';

const Target = Type.Optional(Type.Enum(['any', 'read', 'command', 'auth'], { description: 'Which requests: any (reads and commands), read, command or auth; default any.' }));
const Times = Type.Optional(Type.Integer({ minimum: 1, description: 'Affect this many requests, then disappear; forever when absent.' }));

export const FaultSpec = Type.Union([
  Type.Object({ kind: Type.Literal('latency'), ms: Type.Integer({ minimum: 0, maximum: 60_000 }), target: Target, times: Times }, { additionalProperties: false }),
  /** No answer ever comes; a command is accepted first (its answer is lost), so only an idempotent retry is safe. */
  Type.Object({ kind: Type.Literal('timeout'), target: Target, times: Times }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('error'), status: Type.Union([Type.Literal(500), Type.Literal(502), Type.Literal(503), Type.Literal(504)]), target: Target, times: Times }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('rate_limit'), retryAfterSeconds: Type.Integer({ minimum: 0, maximum: 3_600 }), target: Target, times: Times }, { additionalProperties: false }),
  /** Commands are accepted (202) and stay pending forever. */
  Type.Object({ kind: Type.Literal('never_apply'), times: Times }, { additionalProperties: false }),
  /** Commands are applied, with a value next to the one asked for. */
  Type.Object({ kind: Type.Literal('apply_different'), times: Times }, { additionalProperties: false }),
]);
export type FaultSpec = Static<typeof FaultSpec>;

export const FaultsBody = Type.Object(
  { scope: Type.String({ minLength: 1, description: '"global" or a device id.' }), faults: Type.Array(FaultSpec) },
  { additionalProperties: false },
);

export type RequestTarget = 'read' | 'command' | 'auth';

/** What the transport should do to one request. */
export interface TransportEffect {
  readonly latencyMs: number;
  readonly hang: boolean;
  readonly errorStatus: number | null;
  readonly retryAfterSeconds: number | null;
}

export interface FaultRegistry {
  set(scope: string, faults: readonly FaultSpec[]): void;
  clear(): void;
  list(): Record<string, FaultSpec[]>;
  /** Consumes the faults that hit this request; device faults come before global ones. */
  transport(deviceId: string | undefined, target: RequestTarget): TransportEffect;
  behaviour(deviceId: string): Behaviour;
}

const GLOBAL_SCOPE = 'global';

export function createFaultRegistry(): FaultRegistry {
  const scopes = new Map<string, FaultSpec[]>();

  const hits = (fault: FaultSpec, target: RequestTarget) => {
    const wanted = 'target' in fault && fault.target !== undefined ? fault.target : 'any';
    return wanted === target || (wanted === 'any' && target !== 'auth');
  };
  /** Uses one of a fault's remaining times, forgetting it when none are left. */
  const consume = (scope: string, fault: FaultSpec) => {
    if (fault.times === undefined) return;
    const list = scopes.get(scope)!;
    if (fault.times > 1) list[list.indexOf(fault)] = { ...fault, times: fault.times - 1 };
    else list.splice(list.indexOf(fault), 1);
  };
  const candidates = (deviceId: string | undefined) =>
    [deviceId, GLOBAL_SCOPE].flatMap((scope) => (scope === undefined ? [] : (scopes.get(scope) ?? []).map((fault) => ({ scope, fault }))));

  return {
    set: (scope, faults) => void scopes.set(scope, faults.map((f) => ({ ...f }))),
    clear: () => scopes.clear(),
    list: () => Object.fromEntries([...scopes].map(([scope, faults]) => [scope, faults.map((f) => ({ ...f }))])),

    transport(deviceId, target) {
      let latencyMs = 0;
      let decisive: FaultSpec | undefined;
      for (const { scope, fault } of candidates(deviceId)) {
        if (!hits(fault, target)) continue;
        if (fault.kind === 'latency') {
          latencyMs = Math.max(latencyMs, fault.ms);
          consume(scope, fault);
        } else if (decisive === undefined && (fault.kind === 'timeout' || fault.kind === 'error' || fault.kind === 'rate_limit')) {
          decisive = fault;
          consume(scope, fault);
        }
      }
      return {
        latencyMs,
        hang: decisive?.kind === 'timeout',
        errorStatus: decisive?.kind === 'error' ? decisive.status : null,
        retryAfterSeconds: decisive?.kind === 'rate_limit' ? decisive.retryAfterSeconds : null,
      };
    },

    behaviour(deviceId) {
      const found = candidates(deviceId).find(({ fault }) => fault.kind === 'never_apply' || fault.kind === 'apply_different');
      if (found === undefined) return 'normal';
      consume(found.scope, found.fault);
      return found.fault.kind as Behaviour;
    },
  };
}
