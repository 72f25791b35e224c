// Boot wiring shared by every process: config, logger, store, profile, access policy, tokens and the authenticator.
import { createStore } from '../../shared/store/index.ts';
import type { DocumentStore } from '../../shared/store/port.ts';
import { loadConfig, type NexusConfig } from '../config/load-config.ts';
import { createLogger, type Logger } from '../../shared/logging/create-logger.ts';
import { createProfileSource, type ProfileSource } from '../profile/profile-source.ts';
import { createRoleAccessPolicy } from '../identity/role-access-policy.ts';
import { createTokenRepository } from '../identity/token-repository.ts';
import { createTokenService, type TokenService } from '../identity/token-service.ts';
import { resolveServiceSecret } from '../../shared/service-auth/service-secret.ts';
import { createHeaderAuthenticator } from '../identity/header-authenticator.ts';
import type { AccessPolicy, Authenticator } from '../identity/identity.ts';
import type { IdentityResolver, NexusProcess } from '../plugins/define-plugin.ts';
import { createPluginHost, type AttachPlugin, type PluginHost } from '../plugins/plugin-host.ts';
import { folderSource, type PluginSource } from '../plugins/plugin-source.ts';
import type { KernelServices } from '../plugins/core-services.ts';
import { createAgentServices, type AgentServices } from '../agent/create-agent-services.ts';
import { systemClock, systemTimers, type Clock, type Timers } from '../kit/clock.ts';

export interface Kernel {
  readonly process: NexusProcess;
  readonly config: NexusConfig;
  readonly logger: Logger;
  readonly store: DocumentStore;
  readonly profile: ProfileSource;
  readonly access: AccessPolicy;
  readonly tokens: TokenService;
  readonly authenticator: Authenticator;
  readonly identities: IdentityResolver;
  readonly serviceSecret: string;
  /** Agent runs and reviews through the harness; plugins get the run service as coreServices.agentRuns. */
  readonly agent: AgentServices;
  /** A plugin host for this process over the kernel's services; the test kit overrides where plugins come from and fakes services. */
  createPluginHost(attach?: AttachPlugin, overrides?: PluginHostOverrides): PluginHost;
  close(): Promise<void>;
}

export interface PluginHostOverrides {
  readonly source?: PluginSource;
  readonly core?: Partial<KernelServices>;
}

export interface CreateKernelOptions {
  readonly process: NexusProcess;
  readonly env?: NodeJS.ProcessEnv;
  /** Where log lines go; stdout by default. */
  readonly logDestination?: NodeJS.WritableStream;
  /** Follow profile edits (long-running processes); the CLI reads it once. */
  readonly watchProfile?: boolean;
  /** Time for the agent services (review timestamps and expiry) and the plugins' core clock; tests pass a manual clock. */
  readonly clock?: Clock & Timers;
}

export async function createKernel(options: CreateKernelOptions): Promise<Kernel> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  const logger = createLogger({ level: config.logLevel, name: `nexus-${options.process}`, destination: options.logDestination });
  const serviceSecret = resolveServiceSecret(config);
  const profile = createProfileSource(config.profilePath, logger, { watch: options.watchProfile ?? options.process !== 'cli' });
  const store = await createStore({ mongodbUri: config.mongodbUri, mongodbDbName: config.mongodbDb, dataDir: config.dataDir });
  const access = createRoleAccessPolicy(profile);
  const tokens = createTokenService({ repository: await createTokenRepository(store), access });
  const authenticator = createHeaderAuthenticator({ tokens, serviceSecret });
  const identities: IdentityResolver = { resolve: (userId, tokenId) => tokens.resolveById(tokenId, userId) };
  const clock = options.clock ?? { ...systemClock, ...systemTimers };
  const agent = await createAgentServices({ store, config, serviceSecret, identities, profile, access, logger, clock });
  return {
    process: options.process,
    config,
    logger,
    store,
    profile,
    access,
    tokens,
    authenticator,
    identities,
    serviceSecret,
    agent,
    createPluginHost: (attach, overrides = {}) =>
      createPluginHost({
        process: options.process, source: overrides.source ?? folderSource(config.pluginsDir), attach,
        core: {
          store, logger, config: { kernel: config, env }, clock, access, identities, profile, agentRuns: agent.runner,
          ...overrides.core,
        },
      }),
    close: async () => {
      await profile.close();
      await store.close();
    },
  };
}
