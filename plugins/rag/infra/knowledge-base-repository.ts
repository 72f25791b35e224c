// Knowledge bases in rag_knowledge_bases; names are unique (index), so concurrent creation of the default one is safe.
import type { DocumentStore } from 'nexus/kernel';
import type { Filter } from '../../../shared/store/port.ts';
import type { KnowledgeBaseRecord } from '../domain/knowledge-base.ts';
import type { KnowledgeBaseRepository } from '../svc/ports.ts';
import { KNOWLEDGE_BASES } from './collections.ts';

type Doc = KnowledgeBaseRecord & Record<string, unknown>;

export function createKnowledgeBaseRepository(store: DocumentStore): KnowledgeBaseRepository {
  const kbs = store.collection<Doc>(KNOWLEDGE_BASES);
  return {
    async insert(kb) {
      await kbs.insertOne(kb as Doc);
    },
    get: async (id) => kbs.findOne({ _id: id } as Filter<Doc>),
    getByName: async (name) => kbs.findOne({ name } as Filter<Doc>),
    list: async () => kbs.find({}).sort({ name: 1 }).toArray(),
    async setEmbedder(id, embedder, at) {
      await kbs.updateOne({ _id: id } as Filter<Doc>, { $set: { embedder, updatedAt: at } as Partial<Doc> });
    },
    async adoptEmbedder(id, embedder) {
      await kbs.updateOne({ _id: id, embedder: { $exists: false } } as Filter<Doc>, { $set: { embedder } as Partial<Doc> });
    },
  };
}
