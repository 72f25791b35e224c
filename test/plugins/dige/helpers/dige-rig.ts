// Builds the Dige client and services against an in-process simulator on one manual clock, with the embedded store and a captured log.
import pino from 'pino';
import type { AccessPolicy, Identity } from '../../../../kernel/index.ts';
import { createStore } from '../../../../shared/store/index.ts';
import type { DocumentStore } from '../../../../shared/store/port.ts';
import { createProviderClient, type ProviderClient } from '../../../../plugins/dige/infra/provider/provider-client.ts';
import { createApiCallRepository } from '../../../../plugins/dige/infra/repositories/api-call-repository.ts';
import { createDeviceRepository } from '../../../../plugins/dige/infra/repositories/device-repository.ts';
import { createOperationRepository } from '../../../../plugins/dige/infra/repositories/operation-repository.ts';
import { createControlService, type ControlService } from '../../../../plugins/dige/svc/control-service.ts';
import { createDeviceService, type DeviceService } from '../../../../plugins/dige/svc/device-service.ts';
import { createSimulator, type Simulator } from '../../../../plugins/dige/sim/simulator.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';
import { createManualClock, type ManualClock } from './manual-clock.ts';

export const APP_KEY = 'rig-app';
export const APP_SECRET = 'rig-secret-7f3a9c';

export const operator: Identity = { userId: 'olga', role: 'operator', tokenId: 'tok-olga', via: 'user' };
export const viewer: Identity = { userId: 'vic', role: 'viewer', tokenId: 'tok-vic', via: 'user' };

/** Operators may control, viewers may only read. */
export const testAccess: AccessPolicy = {
  hasRole: (role) => role === 'operator' || role === 'viewer',
  hasPermission: (role, permission) => role === 'operator' && permission.startsWith('dige.'),
  mayUseTool: (role, tool) => role === 'operator' || (role === 'viewer' && tool.startsWith('dige_list_')),
};

export interface RigOptions {
  readonly timeoutMs?: number;
  readonly applyDelayMs?: number;
  readonly verifyTimeoutMs?: number;
  readonly pollMs?: number;
  readonly accessTokenTtlSeconds?: number;
}

export interface Rig {
  readonly clock: ManualClock;
  readonly sim: Simulator;
  readonly url: string;
  readonly store: DocumentStore;
  readonly client: ProviderClient;
  readonly devices: DeviceService;
  readonly control: ControlService;
  readonly logs: string[];
  /** The collection's documents, oldest first. */
  docs(collection: string): Promise<Record<string, unknown>[]>;
  /** Requests the simulator received for a method and path. */
  hits(method: string, path: string): number;
}

export async function startRig(t: { teardown(fn: () => unknown): void }, options: RigOptions = {}): Promise<Rig> {
  const clock = createManualClock();
  const dir = await tempDirFor(t, 'dige-rig-');
  const sim = await createSimulator({
    appKey: APP_KEY, appSecret: APP_SECRET, clock, applyDelayMs: options.applyDelayMs ?? 500, accessTokenTtlSeconds: options.accessTokenTtlSeconds,
  });
  const url = await sim.listen(0);
  const store = await createStore({ dataDir: dir });
  const logs: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
  const apiCalls = createApiCallRepository(store);
  const deviceRepo = createDeviceRepository(store);
  const client = createProviderClient({
    baseUrl: url, appKey: APP_KEY, appSecret: APP_SECRET, timeoutMs: options.timeoutMs ?? 2_000, clock, recorder: apiCalls, logger, random: () => 1,
  });
  t.teardown(async () => {
    await client.close();
    await sim.close();
    await store.close();
  });
  return {
    clock, sim, url, store, client, logs,
    devices: createDeviceService({ client, devices: deviceRepo, clock }),
    control: createControlService({
      client, devices: deviceRepo, operations: createOperationRepository(store), access: testAccess, clock,
      verify: { timeoutMs: options.verifyTimeoutMs ?? 5_000, pollMs: options.pollMs ?? 250 },
    }),
    docs: async (collection) => (await store.collection(collection).find({}, { sort: { _id: 1 } }).toArray()) as Record<string, unknown>[],
    hits: (method, path) => sim.requests().filter((r) => r.method === method && r.path === path).length,
  };
}
