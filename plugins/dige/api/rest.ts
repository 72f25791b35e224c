// The Dige REST routes under /api/dige: transport validation and permissions only; the services do the work.
import { Type } from 'typebox';
import { PageQuery, type PluginRouter } from 'nexus/kernel';
import type { DigeServices } from '../svc/dige-services.ts';
import { ApiCallView, HistoryView, OperationView, pageOf } from '../svc/audit-views.ts';
import { CommandInput, ControlResultView, DeviceDetailView, DeviceView, OutcomeView, RoomView } from '../svc/views.ts';

const READ = { permission: 'dige.read' };
const CONTROL = { permission: 'dige.control' };
const AUDIT = { permission: 'dige.audit' };

const DeviceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
const Id = Type.String({ minLength: 1, maxLength: 200 });

const ControlBody = Type.Object(
  {
    ...CommandInput.properties,
    idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Repeat a request with the same key and the device is changed at most once.' })),
  },
  { additionalProperties: false },
);

export function registerRestRoutes(router: PluginRouter, dige: DigeServices): void {
  router.get('/rooms', {
    config: READ,
    schema: { tags: ['dige'], summary: 'Rooms, read live from the provider', response: { 200: Type.Object({ items: Type.Array(RoomView) }) } },
    handler: async (request) => ({ items: await dige.devices.listRooms() }),
  });

  router.get('/devices', {
    config: READ,
    schema: {
      tags: ['dige'], summary: 'Devices with their live state, optionally of one room',
      querystring: Type.Object({ roomId: Type.Optional(Id) }, { additionalProperties: false }),
      response: { 200: Type.Object({ items: Type.Array(DeviceView) }) },
    },
    handler: async (request) => ({ items: await dige.devices.listDevices({ roomId: request.query.roomId }) }),
  });

  router.get('/devices/:id', {
    config: READ,
    schema: { tags: ['dige'], summary: 'One device, its live state and the commands it accepts', params: DeviceParams, response: { 200: DeviceDetailView } },
    handler: async (request) => dige.devices.getDevice(request.params.id),
  });

  router.post('/devices/:id/commands', {
    config: CONTROL,
    schema: {
      tags: ['dige'], summary: 'Control a device; answers once the provider confirms the new state',
      params: DeviceParams, body: ControlBody, response: { 200: ControlResultView },
    },
    handler: async (request) => {
      const { idempotencyKey, ...command } = request.body;
      return dige.control.control({ deviceId: request.params.id, command, identity: request.identity, channel: 'api', idempotencyKey });
    },
  });

  router.get('/operations', {
    config: AUDIT,
    schema: {
      tags: ['dige audit'], summary: 'Recorded controls, newest first',
      querystring: Type.Object({ ...PageQuery.properties, deviceId: Type.Optional(Id), outcome: Type.Optional(OutcomeView) }, { additionalProperties: false }),
      response: { 200: pageOf(OperationView) },
    },
    handler: async (request) => {
      const { limit, offset, deviceId, outcome } = request.query;
      return dige.audit.operations({ deviceId, outcome }, { limit, offset });
    },
  });

  router.get('/devices/:id/history', {
    config: AUDIT,
    schema: { tags: ['dige audit'], summary: 'Every observation of a device, newest first', params: DeviceParams, querystring: PageQuery, response: { 200: pageOf(HistoryView) } },
    handler: async (request) => dige.audit.history(request.params.id, request.query),
  });

  router.get('/api-calls', {
    config: AUDIT,
    schema: {
      tags: ['dige audit'], summary: 'Provider requests with redacted bodies, newest first',
      querystring: Type.Object({ ...PageQuery.properties, operationId: Type.Optional(Id) }, { additionalProperties: false }),
      response: { 200: pageOf(ApiCallView) },
    },
    handler: async (request) => {
      const { limit, offset, operationId } = request.query;
      return dige.audit.apiCalls({ operationId }, { limit, offset });
    },
  });
}
