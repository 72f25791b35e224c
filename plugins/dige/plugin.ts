// The Dige manifest: device control (rooms, devices) through the provider's cloud API, verified against the provider.
import { coreServices, definePlugin, taskServiceRef } from 'nexus/kernel';
import { digeTools } from './api/mcp.ts';
import { registerRestRoutes } from './api/rest.ts';
import { loadDigeConfig } from './config.ts';
import { createControlExecutor } from './executors/control-executor.ts';
import { API_CALLS } from './infra/repositories/api-call-repository.ts';
import { DEVICES, STATE_HISTORY } from './infra/repositories/device-repository.ts';
import { OPERATIONS } from './infra/repositories/operation-repository.ts';
import { createDigeServices } from './svc/dige-services.ts';

export default definePlugin({
  name: 'dige',
  version: '1.0.0',
  description: 'Device control (buildings, rooms, devices) through the Dige provider, every control verified against the provider.',
  deps: { store: coreServices.store, logger: coreServices.logger, config: coreServices.config, access: coreServices.access },
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
  init: ({ deps: { config: { env }, ...deps }, optionalDeps }) => {
    const config = loadDigeConfig(env);
    if (config.provider.simulated) deps.logger.info({ url: config.provider.baseUrl }, 'no DIGE_PROVIDER_URL: using the Dige simulator');
    return createDigeServices({ ...deps, config, tasks: optionalDeps.tasks });
  },
  routes: (router, dige) => registerRestRoutes(router, dige),
  mcpTools: (dige) => digeTools(dige),
  executors: (dige) => [createControlExecutor(dige.control)],
  close: (dige) => dige.close(),
});
