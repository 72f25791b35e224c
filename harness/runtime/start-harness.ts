// Assembles and starts the harness process: snapshot source and watcher, store-backed checkpoints, MCP clients, models, HTTP.
import type { Logger } from 'pino';
import { createStore, type DocumentStore } from '../../shared/store/index.ts';
import { resolveServiceSecret } from '../../shared/service-auth/service-secret.ts';
import type { HarnessConfig } from '../config/harness-config.ts';
import { createStoreCheckpointer } from '../graph/store-checkpointer.ts';
import { createStoreCancelRequests } from '../graph/cancel-requests.ts';
import { createHttpServer } from '../http/create-http-server.ts';
import { createMcpClientPool, type McpClientPool } from '../mcp/mcp-client-pool.ts';
import { createModelAdapter } from '../models/create-model-adapter.ts';
import { createLogger } from '../../shared/logging/create-logger.ts';
import { createHarnessService, type HarnessService } from './harness-service.ts';
import { createModelAdapters, type ModelAdapterFactory } from './model-adapters.ts';
import { createSnapshotSource, type SnapshotSource } from './snapshot-source.ts';
import { watchSources } from './watch-sources.ts';

export interface StartOptions {
  logger?: Logger;
  /** Builds model adapters; the real provider adapters by default. */
  modelFactory?: ModelAdapterFactory;
  now?: () => number;
}

export interface RunningHarness {
  url: string;
  service: HarnessService;
  snapshots: SnapshotSource;
  pool: McpClientPool;
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

/** A broken profile at start-up throws ProfileError, a bad setting ConfigError; the caller turns both into exit code 2. */
export async function startHarness(config: HarnessConfig, options: StartOptions = {}): Promise<RunningHarness> {
  const logger = options.logger ?? createLogger({ name: 'harness', level: config.logLevel });
  const serviceSecret = resolveServiceSecret(config);
  const snapshots = await createSnapshotSource({ profilePath: config.profilePath, skillRoots: config.skillRoots, logger, ...(options.now ? { now: options.now } : {}) });
  const store: DocumentStore = await createStore({ dataDir: config.dataDir, mongodbDbName: config.mongodbDb, ...(config.mongodbUri ? { mongodbUri: config.mongodbUri } : {}) });
  const pool = createMcpClientPool({ serviceSecret, logger, idleMs: config.mcpIdleMs, ...(options.now ? { now: options.now } : {}) });
  const sweeper = setInterval(() => {
    pool.sweepIdle().catch((err: unknown) => logger.warn({ err }, 'closing idle MCP clients failed'));
  }, Math.min(config.mcpIdleMs, 60_000)).unref();
  const models = createModelAdapters(options.modelFactory ?? ((settings) => createModelAdapter(settings)));
  const service = createHarnessService({
    snapshots,
    checkpointer: createStoreCheckpointer({ store, ttlMs: config.checkpointTtlHours * HOUR_MS, ...(options.now ? { now: options.now } : {}) }),
    cancellations: createStoreCancelRequests(store),
    pool,
    models,
    logger,
    mcpUrl: config.mcpUrl,
    profilePath: config.profilePath,
    toolTimeoutMs: config.toolTimeoutMs,
    ...(options.now ? { now: options.now } : {}),
  });
  const watcher = config.watch ? watchSources(snapshots, { profilePath: config.profilePath, skillRoots: config.skillRoots, logger }) : undefined;
  await watcher?.ready;
  const app = createHttpServer({ service, serviceSecret, logger, bodyLimit: config.bodyLimit });
  const url = await app.listen({ host: config.host, port: config.port });
  logger.info({ url, model: service.status().model.configured, store: store.backend }, 'harness listening');
  return {
    url,
    service,
    snapshots,
    pool,
    async close() {
      await app.close();
      await watcher?.close();
      clearInterval(sweeper);
      await pool.close();
      await models.close();
      await store.close();
    },
  };
}
