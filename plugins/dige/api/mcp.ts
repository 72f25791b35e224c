// The Dige Operations-MCP tools: argument shapes, annotations and descriptions; the services do the work.
import { Type } from 'typebox';
import { TaskSchedule, TaskView, createdViaMcp, defineTool, toolAnnotations } from 'nexus/kernel';
import type { DigeServices } from '../svc/dige-services.ts';
import { CommandInput, ControlResultView, DeviceDetailView, DeviceView, RoomView } from '../svc/views.ts';

const DeviceId = Type.String({ minLength: 1, maxLength: 200, description: 'The device id from dige_list_devices.' });

export function digeTools(dige: DigeServices) {
  return [
    defineTool({
      name: 'dige_list_rooms',
      title: 'List rooms',
      description: 'Lists the rooms of the building (id, name, floor), read live from the device provider.',
      inputSchema: Type.Object({}, { additionalProperties: false }),
      outputSchema: Type.Object({ rooms: Type.Array(RoomView) }),
      annotations: { ...toolAnnotations.readLive, title: 'List rooms' },
      handler: async (_args, ctx) => ({ rooms: await dige.devices.listRooms(ctx.signal) }),
    }),
    defineTool({
      name: 'dige_list_devices',
      title: 'List devices',
      description:
        'Lists devices with their current state as the provider reports it now, all of them or those of one room. ' +
        'Use it to find a device id by room and name before reading or controlling it.',
      inputSchema: Type.Object(
        { roomId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only this room (id from dige_list_rooms).' })) },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ devices: Type.Array(DeviceView) }),
      annotations: { ...toolAnnotations.readLive, title: 'List devices' },
      handler: async (args, ctx) => ({ devices: await dige.devices.listDevices({ roomId: args.roomId }, ctx.signal) }),
    }),
    defineTool({
      name: 'dige_get_device_state',
      title: 'Get device state',
      description: "Reads one device's live state from the provider, with the commands it accepts and their value ranges.",
      inputSchema: Type.Object({ deviceId: DeviceId }, { additionalProperties: false }),
      outputSchema: DeviceDetailView,
      annotations: { ...toolAnnotations.readLive, title: 'Get device state' },
      handler: async (args, ctx) => dige.devices.getDevice(args.deviceId, ctx.signal),
    }),
    defineTool({
      name: 'dige_control_device',
      title: 'Control a device',
      description:
        'Sends one command to a device and waits until the provider reports the new state. Succeeds only with outcome ' +
        '"verified"; otherwise the error says what the provider reported (mismatch, timeout, rejected, failed). ' +
        'Pass the same idempotencyKey when repeating a request, so the device changes at most once.',
      inputSchema: Type.Object(
        {
          deviceId: DeviceId,
          ...CommandInput.properties,
          idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Reuse it to repeat this exact request safely.' })),
        },
        { additionalProperties: false },
      ),
      outputSchema: ControlResultView,
      annotations: { title: 'Control a device', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      handler: async ({ deviceId, idempotencyKey, ...command }, ctx) =>
        dige.control.control({ deviceId, command, identity: ctx.identity, channel: 'mcp', idempotencyKey }),
    }),
    defineTool({
      name: 'dige_schedule_control',
      title: 'Schedule a device control',
      description:
        'Schedules a device command for later, once ("once" at an ISO time) or repeatedly (five-field cron with an optional ' +
        'IANA time zone). The device and command are checked now; at run time the command is verified like dige_control_device.',
      inputSchema: Type.Object(
        {
          deviceId: DeviceId,
          ...CommandInput.properties,
          schedule: TaskSchedule,
          title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ task: TaskView }),
      annotations: { ...toolAnnotations.create, openWorldHint: true, title: 'Schedule a device control' },
      handler: async ({ deviceId, command, value, schedule, title }, ctx) => ({
        task: await dige.schedule.scheduleControl(ctx.identity, { deviceId, command: value === undefined ? { command } : { command, value }, schedule, title }, createdViaMcp(ctx.identity)),
      }),
    }),
  ];
}
