// The Dige manifest: device control (rooms, devices) through the provider's cloud API, verified against the provider.
import { definePlugin, taskServiceRef } from 'nexus/kernel';
import { digeTools } from './api/mcp.ts';
import { registerRestRoutes } from './api/rest.ts';
import { loadDigeConfig } from './config.ts';
import { createControlExecutor } from './executors/control-executor.ts';
import { createProviderClient } from './infra/provider/provider-client.ts';
import { API_CALLS, createApiCallRepository } from './infra/repositories/api-call-repository.ts';
import { DEVICES, STATE_HISTORY, createDeviceRepository } from './infra/repositories/device-repository.ts';
import { OPERATIONS, createOperationRepository } from './infra/repositories/operation-repository.ts';
import { systemClock } from './infra/system-clock.ts';
import { createAuditService } from './svc/audit-service.ts';
import { createControlService } from './svc/control-service.ts';
import { createDeviceService } from './svc/device-service.ts';
import type { DigeServices } from './svc/dige-services.ts';
import { createScheduleService } from './svc/schedule-service.ts';

export default definePlugin({
  name: 'dige',
  version: '1.0.0',
  description: 'Device control (buildings, rooms, devices) through the Dige provider, every control verified against the provider.',
  optionalDeps: { tasks: taskServiceRef },
  collections: [
    { name: DEVICES, indexes: [{ key: { roomId: 1 } }] },
    { name: STATE_HISTORY, indexes: [{ key: { deviceId: 1, observedAt: -1 } }] },
    { name: OPERATIONS, indexes: [{ key: { requestedAt: -1 } }, { key: { deviceId: 1, requestedAt: -1 } }, { key: { idempotencyKey: 1 } }] },
    { name: API_CALLS, indexes: [{ key: { at: -1 } }, { key: { operationId: 1 } }] },
  ],
  permissions: [
    { name: 'dige.read', description: 'List rooms and devices and read their live state.' },
    { name: 'dige.control', description: 'Send commands to devices.' },
    { name: 'dige.audit', description: 'Read recorded controls, device state history and provider calls.' },
  ],
  devProcesses: [{ name: 'dige-sim', script: 'sim/main.ts', enabled: (env) => !env.DIGE_PROVIDER_URL }],
  skill: 'SKILL.md',
  init: ({ store, logger, access, optionalDeps, env }): DigeServices => {
    const config = loadDigeConfig(env);
    if (config.provider.simulated) logger.info({ url: config.provider.baseUrl }, 'no DIGE_PROVIDER_URL: using the Dige simulator');
    const apiCalls = createApiCallRepository(store);
    const devices = createDeviceRepository(store);
    const operations = createOperationRepository(store);
    const client = createProviderClient({ ...config.provider, clock: systemClock, recorder: apiCalls, logger });
    return {
      devices: createDeviceService({ client, devices, clock: systemClock }),
      control: createControlService({ client, devices, operations, access, clock: systemClock, verify: config.verify }),
      schedule: createScheduleService(optionalDeps.tasks),
      audit: createAuditService({ operations, devices, apiCalls }),
      close: () => client.close(),
    };
  },
  routes: (router, dige) => registerRestRoutes(router, dige),
  mcpTools: (dige) => digeTools(dige),
  executors: (dige) => [createControlExecutor(dige.control)],
  close: (dige) => dige.close(),
});
