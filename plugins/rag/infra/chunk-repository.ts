// Chunks with their vectors in rag_chunks; every process rebuilds its in-memory indexes from here.
import type { DocumentStore } from 'nexus/kernel';
import type { Filter } from '../../../shared/store/port.ts';
import type { ChunkRecord, ChunkRepository } from '../svc/ports.ts';
import { CHUNKS } from './collections.ts';

type Doc = ChunkRecord & Record<string, unknown>;

export function createChunkRepository(store: DocumentStore): ChunkRepository {
  const chunks = store.collection<Doc>(CHUNKS);
  return {
    async insertMany(records) {
      if (records.length > 0) await chunks.insertMany(records as Doc[]);
    },
    // By document through the { docId, generation, ordinal } index: paging the whole collection by _id made the embedded store sort every chunk for every page.
    listDocuments: async (docIds) => (docIds.length === 0 ? [] : chunks.find({ docId: { $in: [...docIds] } } as Filter<Doc>).toArray()),
    getMany: async (ids) => (ids.length === 0 ? [] : chunks.find({ _id: { $in: [...ids] } } as Filter<Doc>).toArray()),
    async deleteGeneration(docId, generation) {
      await chunks.deleteMany({ docId, generation } as Filter<Doc>);
    },
    async deleteDocument(docId, keep) {
      await chunks.deleteMany((keep === undefined ? { docId } : { docId, generation: { $ne: keep } }) as Filter<Doc>);
    },
    countByDocument: (docId) => chunks.countDocuments({ docId } as Filter<Doc>),
  };
}
