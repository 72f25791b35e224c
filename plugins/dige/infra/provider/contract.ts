// The Dige provider's HTTP contract in one place: paths, headers and a TypeBox schema for every request and response body.
import { Type, type Static } from 'typebox';

export const HEADERS = {
  authorization: 'authorization',
  idempotencyKey: 'idempotency-key',
  requestId: 'x-request-id',
  retryAfter: 'retry-after',
} as const;

const seg = (value: string) => encodeURIComponent(value);

export const PATHS = {
  token: '/v1/auth/token',
  refresh: '/v1/auth/refresh',
  rooms: '/v1/rooms',
  roomDevices: (roomId: string) => `/v1/rooms/${seg(roomId)}/devices`,
  device: (deviceId: string) => `/v1/devices/${seg(deviceId)}`,
  commands: (deviceId: string) => `/v1/devices/${seg(deviceId)}/commands`,
  operation: (operationId: string) => `/v1/operations/${seg(operationId)}`,
} as const;

/** Every non-2xx answer. */
export const ErrorResponse = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});

/** POST /v1/auth/token */
export const TokenRequest = Type.Object(
  { appKey: Type.String({ minLength: 1 }), appSecret: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

/** POST /v1/auth/refresh */
export const RefreshRequest = Type.Object({ refreshToken: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/** 200 from both auth endpoints; the refresh token is single-use. */
export const TokenResponse = Type.Object({
  accessToken: Type.String({ minLength: 1 }),
  refreshToken: Type.String({ minLength: 1 }),
  tokenType: Type.Literal('Bearer'),
  /** Seconds the access token stays valid. */
  expiresIn: Type.Integer({ minimum: 1 }),
});

export const RoomBody = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String(),
  buildingId: Type.String(),
  floor: Type.Union([Type.Integer(), Type.Null()]),
});

/** GET /v1/rooms */
export const RoomsResponse = Type.Object({ items: Type.Array(RoomBody) });

/** The provider may add attributes; the known ones must have these types. */
export const StateBody = Type.Object({
  on: Type.Optional(Type.Boolean()),
  brightness: Type.Optional(Type.Number()),
  setpoint: Type.Optional(Type.Number()),
  mode: Type.Optional(Type.String()),
  fanSpeed: Type.Optional(Type.String()),
  position: Type.Optional(Type.Number()),
  currentTemperature: Type.Optional(Type.Number()),
});

/** GET /v1/devices/:id, and each item of GET /v1/rooms/:id/devices */
export const DeviceBody = Type.Object({
  id: Type.String({ minLength: 1 }),
  roomId: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  capabilities: Type.Array(Type.String()),
  online: Type.Boolean(),
  state: StateBody,
  stateUpdatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const DevicesResponse = Type.Object({ items: Type.Array(DeviceBody) });

/** POST /v1/devices/:id/commands, with an optional Idempotency-Key header. */
export const CommandRequest = Type.Object(
  { command: Type.String({ minLength: 1 }), value: Type.Optional(Type.Union([Type.Number(), Type.String()])) },
  { additionalProperties: false },
);

export const OperationStatusBody = Type.Union([Type.Literal('pending'), Type.Literal('applied'), Type.Literal('failed')]);

/**
 * The commands endpoint answers 202 when it accepts a command (applied later), and 200 with the same body when an
 * idempotency key repeats a command it accepted before; a key reused for a different command gets 422.
 */
export const CommandAccepted = Type.Object({
  operationId: Type.String({ minLength: 1 }),
  status: OperationStatusBody,
  acceptedAt: Type.String({ format: 'date-time' }),
});

/** GET /v1/operations/:id */
export const OperationResponse = Type.Object({
  operationId: Type.String({ minLength: 1 }),
  deviceId: Type.String(),
  status: OperationStatusBody,
  command: CommandRequest,
  acceptedAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export type TokenRequest = Static<typeof TokenRequest>;
export type TokenResponse = Static<typeof TokenResponse>;
export type CommandRequest = Static<typeof CommandRequest>;
