// dige_devices (the last observation of each device) and dige_device_state_history (every observation, never changed).
import { isDuplicateKeyError, pagedFind, type DocumentStore, type Page, type PageRequest } from 'nexus/kernel';
import type { Device, DeviceState } from '../../domain/device.ts';

export const DEVICES = 'dige_devices';
export const STATE_HISTORY = 'dige_device_state_history';

/** Why the provider was asked: a listing, a single read, or a read made while verifying a control. */
export type ObservationSource = 'list' | 'get' | 'control';

type DeviceDoc = {
  _id: string;
  roomId: string;
  name: string;
  kind: string;
  capabilities: string[];
  online: boolean;
  state: DeviceState;
  stateUpdatedAt: string | null;
  lastObservedAt: Date;
  firstSeenAt: Date;
};

type HistoryDoc = {
  deviceId: string;
  roomId: string;
  online: boolean;
  state: DeviceState;
  stateUpdatedAt: string | null;
  observedAt: Date;
  source: ObservationSource;
  operationId: string | null;
};

export type HistoryEntry = HistoryDoc & { readonly id: string };

export interface Observation {
  readonly source: ObservationSource;
  readonly operationId: string | null;
  readonly at: Date;
}

export interface DeviceRepository {
  /** Records what the provider said about a device; this is history, never the authority on its state. */
  observe(device: Device, observation: Observation): Promise<void>;
  history(deviceId: string, page: PageRequest): Promise<Page<HistoryEntry>>;
}

export function createDeviceRepository(store: DocumentStore): DeviceRepository {
  const devices = store.collection<DeviceDoc>(DEVICES);
  const history = store.collection<HistoryDoc>(STATE_HISTORY);

  const upsert = (device: Device, at: Date) =>
    devices.updateOne(
      { _id: device.id },
      {
        $set: {
          roomId: device.roomId, name: device.name, kind: device.kind, capabilities: [...device.capabilities], online: device.online,
          state: device.state, stateUpdatedAt: device.stateUpdatedAt, lastObservedAt: at,
        },
        $setOnInsert: { firstSeenAt: at },
      },
      { upsert: true },
    );

  return {
    async observe(device, observation) {
      try {
        await upsert(device, observation.at);
      } catch (err) {
        // Two processes inserting the same new device race on _id; the loser's update then finds the row.
        if (!isDuplicateKeyError(err)) throw err;
        await upsert(device, observation.at);
      }
      await history.insertOne({
        deviceId: device.id, roomId: device.roomId, online: device.online, state: device.state, stateUpdatedAt: device.stateUpdatedAt,
        observedAt: observation.at, source: observation.source, operationId: observation.operationId,
      });
    },
    async history(deviceId, page) {
      const { total, items } = await pagedFind(history, { deviceId }, { sort: { observedAt: -1, _id: -1 }, ...page });
      return { total, items: items.map(({ _id, ...rest }) => ({ id: String(_id), ...rest })) };
    },
  };
}
