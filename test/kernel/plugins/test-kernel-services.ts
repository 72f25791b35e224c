// The kernel services a plugin-host test hands its host: a real store, a silent logger, an admin-only profile, no agent.
import type { DocumentStore } from '../../../shared/store/port.ts';
import { createLogger } from '../../../shared/logging/create-logger.ts';
import { loadConfig } from '../../../kernel/config/load-config.ts';
import { systemClock, systemTimers } from '../../../kernel/kit/clock.ts';
import type { KernelServices } from '../../../kernel/plugins/core-services.ts';

export function testKernelServices(store: DocumentStore, env: NodeJS.ProcessEnv): KernelServices {
  return {
    store,
    logger: createLogger({ level: 'silent', name: 'test' }),
    config: { kernel: loadConfig(env), env: {} },
    clock: { ...systemClock, ...systemTimers },
    access: { hasRole: () => true, mayUseTool: () => true, hasPermission: () => true },
    identities: { resolve: async (userId, tokenId) => ({ userId, tokenId, role: 'admin', via: 'service' }) },
    profile: { current: () => ({ version: 'test', roles: { admin: { permissions: ['*'], tools: ['*'] } } }) },
    agentRuns: {
      run: async () => {
        throw new Error('no agent in this test');
      },
      stream: () => {
        throw new Error('no agent in this test');
      },
      onSettled: () => () => undefined,
    },
  };
}
