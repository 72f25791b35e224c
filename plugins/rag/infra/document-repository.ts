// Documents in rag_documents: conditional updates keyed on the generation, so a stale ingestion never overwrites a newer one.
import { pagedFind, type DocumentStore } from 'nexus/kernel';
import type { Filter } from '../../../shared/store/port.ts';
import type { DocumentRecord } from '../domain/document.ts';
import type { DocumentFilter, DocumentRepository, ReadyDocument } from '../svc/ports.ts';
import { DOCUMENTS } from './collections.ts';

type Doc = DocumentRecord & Record<string, unknown>;

export function createDocumentRepository(store: DocumentStore): DocumentRepository {
  const docs = store.collection<Doc>(DOCUMENTS);
  const strip = (d: Doc | null): DocumentRecord | null => d;
  return {
    async insert(doc) {
      await docs.insertOne(doc as Doc);
    },
    get: async (id) => strip(await docs.findOne({ _id: id } as Filter<Doc>)),
    async list(filter: DocumentFilter) {
      const and: Filter<Doc>[] = [];
      if (filter.visible) and.push({ $or: [{ kbId: { $in: [...filter.visible.kbIds] } }, { ownerId: filter.visible.ownerId }] } as Filter<Doc>);
      if (filter.kbId !== undefined) and.push({ kbId: filter.kbId } as Filter<Doc>);
      if (filter.status !== undefined) and.push({ status: filter.status } as Filter<Doc>);
      if (filter.tag !== undefined) and.push({ tags: filter.tag } as Filter<Doc>);
      const query = (and.length === 0 ? {} : { $and: and }) as Filter<Doc>;
      return pagedFind(docs, query, { sort: { createdAt: -1, _id: 1 }, limit: filter.limit, offset: filter.offset });
    },
    listByKnowledgeBase: async (kbId) => docs.find({ kbId } as Filter<Doc>).sort({ createdAt: 1, _id: 1 }).toArray(),
    async countByKnowledgeBase() {
      const rows = await docs.find({}, { projection: { kbId: 1 } }).toArray();
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.kbId, (counts.get(r.kbId) ?? 0) + 1);
      return counts;
    },
    async listReady() {
      const rows = await docs
        .find({ readyGeneration: { $ne: null } } as Filter<Doc>, { projection: { kbId: 1, ownerId: 1, title: 1, tags: 1, readyGeneration: 1, embedder: 1 } })
        .toArray();
      return rows as unknown as ReadyDocument[];
    },
    async update(id, generation, changes, inc) {
      const filter = (generation === undefined ? { _id: id } : { _id: id, generation }) as Filter<Doc>;
      const update = inc === undefined ? { $set: changes } : { $set: changes, $inc: inc };
      return strip(await docs.findOneAndUpdate(filter, update as never, { returnDocument: 'after' }));
    },
    delete: async (id) => (await docs.deleteOne({ _id: id } as Filter<Doc>)).deletedCount > 0,
  };
}
