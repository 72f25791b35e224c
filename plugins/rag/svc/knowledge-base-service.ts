// Knowledge bases: the profile's default one is made on first use; callers see those they may read; each has its fusion weight.
import { isDuplicateKeyError, type AccessPolicy, type Clock, type Identity } from 'nexus/kernel';
import { canReadKnowledgeBase, type Caller } from '../domain/access.ts';
import {
  DEFAULT_VECTOR_WEIGHT, KB_NAME, SYSTEM_OWNER, defaultKnowledgeBaseName, type KnowledgeBaseRecord, type Visibility,
} from '../domain/knowledge-base.ts';
import { errors } from '../errors.ts';
import type { DocumentRepository, EmbedderCatalog, IdSource, KnowledgeBaseRepository } from './ports.ts';
import type { KnowledgeBaseView } from './views.ts';

export const ADMIN_PERMISSION = 'rag.admin';

export interface CreateKnowledgeBaseInput {
  readonly name: string;
  readonly description?: string;
  readonly visibility: Visibility;
  readonly members?: readonly string[];
  readonly vectorWeight?: number;
  /** Defaults to the service's default embedder. */
  readonly embedder?: string;
}

export interface KnowledgeBaseService {
  callerOf(identity: Identity): Caller;
  /** The profile's default knowledge base, created (shared, owned by the system) when it does not exist yet. */
  defaultKnowledgeBase(): Promise<KnowledgeBaseRecord>;
  /** A knowledge base the caller may read; another's private one is "not found", so ids reveal nothing. */
  readable(caller: Caller, id: string): Promise<KnowledgeBaseRecord>;
  /** The named ones (each must be readable), or the default one. */
  forSearch(caller: Caller, ids: readonly string[] | undefined): Promise<KnowledgeBaseRecord[]>;
  readableIds(caller: Caller): Promise<string[]>;
  list(caller: Caller): Promise<KnowledgeBaseView[]>;
  create(caller: Caller, input: CreateKnowledgeBaseInput): Promise<KnowledgeBaseView>;
  vectorWeightOf(kb: KnowledgeBaseRecord): number;
  /** The embedder the knowledge base's vectors are made with (and its queries embedded with). */
  embedderOf(kb: KnowledgeBaseRecord): Promise<string>;
  /** Makes `embedder` the knowledge base's embedder; its documents need re-ingesting (the document service's reindex). */
  switchEmbedder(kb: KnowledgeBaseRecord, embedder: string): Promise<void>;
}

export interface KnowledgeBaseDeps {
  readonly kbs: KnowledgeBaseRepository;
  readonly documents: DocumentRepository;
  readonly access: AccessPolicy;
  readonly ids: IdSource;
  readonly clock: Clock;
  readonly profile: { current(): unknown };
  readonly embedders: Pick<EmbedderCatalog, 'defaultId' | 'ids'>;
}

export function createKnowledgeBaseService(deps: KnowledgeBaseDeps): KnowledgeBaseService {
  const { kbs, clock } = deps;
  const vectorWeightOf = (kb: KnowledgeBaseRecord) => kb.vectorWeight ?? DEFAULT_VECTOR_WEIGHT;
  const known = (embedder: string) => {
    if (!deps.embedders.ids.includes(embedder)) throw errors.rag_embedder_unknown({ embedder, available: [...deps.embedders.ids] });
    return embedder;
  };

  async function embedderOf(kb: KnowledgeBaseRecord): Promise<string> {
    if (kb.embedder !== undefined) return kb.embedder;
    const docs = await deps.documents.listByKnowledgeBase(kb._id);
    const adopted = docs.find((d) => d.embedder !== null)?.embedder?.id ?? deps.embedders.defaultId;
    await kbs.adoptEmbedder(kb._id, adopted);
    return (await kbs.get(kb._id))?.embedder ?? adopted;
  }

  async function ensure(name: string): Promise<KnowledgeBaseRecord> {
    const found = await kbs.getByName(name);
    if (found !== null) return found;
    const now = clock.now();
    const kb: KnowledgeBaseRecord = {
      _id: deps.ids.knowledgeBaseId(), name, description: 'The default knowledge base.', visibility: 'shared', ownerId: SYSTEM_OWNER,
      members: [], vectorWeight: null, embedder: deps.embedders.defaultId, createdAt: now, updatedAt: now,
    };
    try {
      await kbs.insert(kb);
      return kb;
    } catch (err) {
      // Another process made it at the same moment: the unique name index kept one.
      if (!isDuplicateKeyError(err)) throw err;
      return (await kbs.getByName(name))!;
    }
  }

  const service: KnowledgeBaseService = {
    callerOf: (identity) => ({ userId: identity.userId, isAdmin: deps.access.hasPermission(identity.role, ADMIN_PERMISSION) }),
    defaultKnowledgeBase: () => ensure(defaultKnowledgeBaseName(deps.profile.current())),
    async readable(caller, id) {
      const kb = await kbs.get(id);
      if (kb === null || !canReadKnowledgeBase(kb, caller)) throw errors.rag_knowledge_base_not_found({ knowledgeBaseId: id });
      return kb;
    },
    async forSearch(caller, ids) {
      if (ids === undefined || ids.length === 0) return [await service.defaultKnowledgeBase()];
      return Promise.all([...new Set(ids)].map((id) => service.readable(caller, id)));
    },
    async readableIds(caller) {
      await service.defaultKnowledgeBase();
      return (await kbs.list()).filter((kb) => canReadKnowledgeBase(kb, caller)).map((kb) => kb._id);
    },
    async list(caller) {
      const defaultKb = await service.defaultKnowledgeBase();
      const visible = (await kbs.list()).filter((kb) => canReadKnowledgeBase(kb, caller));
      const views: KnowledgeBaseView[] = [];
      for (const kb of visible) {
        const embedder = await embedderOf(kb);
        const docs = await deps.documents.listByKnowledgeBase(kb._id);
        const stale = docs.filter((d) => d.readyGeneration !== null && d.embedder !== null && d.embedder.id !== embedder).length;
        views.push({
          id: kb._id, name: kb.name, description: kb.description, visibility: kb.visibility, ownerId: kb.ownerId, members: [...kb.members],
          isDefault: kb._id === defaultKb._id, vectorWeight: vectorWeightOf(kb), documentCount: docs.length, embedder,
          staleDocuments: stale, reindexRequired: stale > 0, createdAt: kb.createdAt.toISOString(),
        });
      }
      return views;
    },
    async create(caller, input) {
      if (!KB_NAME.test(input.name)) throw errors.rag_invalid_query({ field: 'name' }, 'A knowledge base name is 1-64 lower-case letters, digits, ".", "_" or "-".');
      const now = clock.now();
      const kb: KnowledgeBaseRecord = {
        _id: deps.ids.knowledgeBaseId(), name: input.name, description: input.description ?? '', visibility: input.visibility,
        ownerId: caller.userId, members: [...new Set(input.members ?? [])], vectorWeight: input.vectorWeight ?? null,
        embedder: known(input.embedder ?? deps.embedders.defaultId), createdAt: now, updatedAt: now,
      };
      try {
        await kbs.insert(kb);
      } catch (err) {
        if (isDuplicateKeyError(err)) throw errors.rag_knowledge_base_exists({ name: input.name });
        throw err;
      }
      return (await service.list(caller)).find((v) => v.id === kb._id)!;
    },
    vectorWeightOf,
    embedderOf,
    async switchEmbedder(kb, embedder) {
      await kbs.setEmbedder(kb._id, known(embedder), clock.now());
    },
  };
  return service;
}
