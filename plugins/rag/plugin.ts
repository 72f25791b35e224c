// The rag manifest: knowledge bases with uploads, worker-side ingestion, hybrid retrieval and source-grounded answers.
import { coreServices, definePlugin, taskServiceRef } from 'nexus/kernel';
import { ragCommand } from './api/cli.ts';
import { ragTools } from './api/mcp.ts';
import { registerRestRoutes } from './api/rest.ts';
import { loadRagConfig } from './config.ts';
import { createIngestExecutor } from './executors/ingest-executor.ts';
import { RAG_COLLECTIONS } from './infra/collections.ts';
import { configuredEmbedders } from './infra/embedders/embedder-catalog.ts';
import { randomIds } from './infra/ids.ts';
import { createRagServices } from './svc/rag-services.ts';

export default definePlugin({
  name: 'rag',
  version: '1.0.0',
  description: 'Knowledge bases: uploads ingested by the worker, hybrid (BM25 + vector) retrieval, answers with verified citations.',
  deps: {
    store: coreServices.store, logger: coreServices.logger, config: coreServices.config, clock: coreServices.clock,
    access: coreServices.access, profile: coreServices.profile, tasks: taskServiceRef,
  },
  collections: RAG_COLLECTIONS,
  permissions: [
    { name: 'rag.read', description: 'Search, ask and read the documents of the knowledge bases you may see.' },
    { name: 'rag.write', description: 'Upload, re-ingest and delete your documents; create knowledge bases.' },
    { name: 'rag.admin', description: 'See and change every document and knowledge base; reindex knowledge bases.' },
  ],
  skill: 'SKILL.md',
  commands: { rag: ragCommand },
  init: ({ deps: { config: { env }, ...deps } }) => {
    const config = loadRagConfig(env);
    const embedders = configuredEmbedders(config);
    deps.logger.info({ defaultEmbedder: embedders.defaultId, embedders: embedders.ids, maxUploadBytes: config.maxUploadBytes }, 'rag embedders available');
    return createRagServices({ ...deps, embedders, chunking: config.chunking, ids: randomIds, maxUploadBytes: config.maxUploadBytes });
  },
  routes: (router, rag) => registerRestRoutes(router, rag),
  mcpTools: (rag) => ragTools(rag),
  executors: (rag) => [createIngestExecutor(rag.documents, rag.ingest)],
  close: (rag) => rag.close(),
});
