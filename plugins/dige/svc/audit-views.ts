// The audit listings' shapes (operations, state history, provider calls) as TypeBox schemas, and their builders.
import { Type, type Static, type TSchema } from 'typebox';
import { Page } from 'nexus/kernel';
import type { StoredApiCall } from '../infra/repositories/api-call-repository.ts';
import type { HistoryEntry } from '../infra/repositories/device-repository.ts';
import type { OperationRecord } from '../infra/repositories/operation-repository.ts';
import { OutcomeView, StateView } from './views.ts';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const isoTime = Type.String({ format: 'date-time' });
const iso = (d: Date) => d.toISOString();

/** The kernel's page, echoing the bounds that were applied. */
export const pageOf = <T extends TSchema>(item: T) => Type.Object({ ...Page(item).properties, limit: Type.Integer(), offset: Type.Integer() });

export const OperationView = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  command: Type.Object({ command: Type.String(), value: Type.Optional(Type.Union([Type.Number(), Type.String()])) }),
  actor: Type.Object({ userId: Type.String(), role: Type.String(), tokenId: Type.String(), channel: Type.String(), taskId: nullable(Type.String()) }),
  idempotencyKey: Type.String(),
  requestedAt: isoTime,
  completedAt: isoTime,
  outcome: OutcomeView,
  expectedState: nullable(StateView),
  observedState: nullable(StateView),
  observedAt: nullable(isoTime),
  provider: Type.Object({
    operationId: nullable(Type.String()),
    status: nullable(Type.String()),
    replayed: nullable(Type.Boolean()),
    acceptRequestId: nullable(Type.String()),
  }),
  verification: Type.Object({ polls: Type.Integer(), deadlineMs: Type.Integer() }),
  error: nullable(Type.Object({ code: Type.String(), message: Type.String() })),
});

export const HistoryView = Type.Object({
  id: Type.String(),
  deviceId: Type.String(),
  roomId: Type.String(),
  online: Type.Boolean(),
  state: StateView,
  stateUpdatedAt: nullable(Type.String()),
  observedAt: isoTime,
  source: Type.String(),
  operationId: nullable(Type.String()),
});

export const ApiCallView = Type.Object({
  id: Type.String(),
  at: isoTime,
  method: Type.String(),
  path: Type.String(),
  status: nullable(Type.Integer()),
  durationMs: Type.Number(),
  attempt: Type.Integer(),
  providerRequestId: nullable(Type.String()),
  idempotencyKey: nullable(Type.String()),
  operationId: nullable(Type.String()),
  requestBody: Type.Unknown(),
  responseBody: Type.Unknown(),
  error: nullable(Type.String()),
});

export type OperationView = Static<typeof OperationView>;
export type HistoryView = Static<typeof HistoryView>;
export type ApiCallView = Static<typeof ApiCallView>;

export function operationView(r: OperationRecord): OperationView {
  return {
    id: r._id, deviceId: r.deviceId, command: r.command, actor: r.actor, idempotencyKey: r.idempotencyKey,
    requestedAt: iso(r.requestedAt), completedAt: iso(r.completedAt), outcome: r.outcome,
    expectedState: r.expectedState as OperationView['expectedState'], observedState: r.observedState as OperationView['observedState'],
    observedAt: r.observedAt === null ? null : iso(r.observedAt), provider: r.provider, verification: r.verification,
    error: r.error === null ? null : { code: r.error.code, message: r.error.message },
  };
}

export function historyView(h: HistoryEntry): HistoryView {
  return { ...h, state: h.state as HistoryView['state'], observedAt: iso(h.observedAt) };
}

export function apiCallView(c: StoredApiCall): ApiCallView {
  return { ...c, at: iso(c.at) };
}
