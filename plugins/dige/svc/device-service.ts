// Rooms and devices read live from the provider; every device read is also kept as an observation.
import type { Clock } from '../domain/clock.ts';
import type { Device } from '../domain/device.ts';
import type { DeviceRepository, ObservationSource } from '../infra/repositories/device-repository.ts';
import type { ProviderClient } from '../infra/provider/provider-client.ts';
import { deviceDetailView, deviceView, roomView, type DeviceDetailView, type DeviceView, type RoomView } from './views.ts';

export interface DeviceServiceDeps {
  readonly client: ProviderClient;
  readonly devices: DeviceRepository;
  readonly clock: Clock;
}

export interface DeviceService {
  listRooms(signal?: AbortSignal): Promise<RoomView[]>;
  /** Every device, or one room's; each is read from the provider now. */
  listDevices(filter: { roomId?: string }, signal?: AbortSignal): Promise<DeviceView[]>;
  getDevice(deviceId: string, signal?: AbortSignal): Promise<DeviceDetailView>;
}

export function createDeviceService(deps: DeviceServiceDeps): DeviceService {
  const { client, devices, clock } = deps;

  async function observed(list: Device[], source: ObservationSource): Promise<number> {
    const at = clock.now();
    for (const device of list) await devices.observe(device, { source, operationId: null, at: new Date(at) });
    return at;
  }

  return {
    async listRooms(signal) {
      return (await client.listRooms({ signal })).map(roomView);
    },

    async listDevices(filter, signal) {
      const roomIds = filter.roomId !== undefined ? [filter.roomId] : (await client.listRooms({ signal })).map((r) => r.id);
      const found: Device[] = [];
      for (const roomId of roomIds) found.push(...(await client.listDevices(roomId, { signal })));
      const at = await observed(found, 'list');
      return found.map((d) => deviceView(d, at));
    },

    async getDevice(deviceId, signal) {
      const device = await client.getDevice(deviceId, { signal });
      const at = await observed([device], 'get');
      return deviceDetailView(device, at);
    },
  };
}
