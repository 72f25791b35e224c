// The plugin's collections and their indexes, declared in the manifest so the kernel creates them at load.
import type { CollectionSpec } from 'nexus/kernel';

export const KNOWLEDGE_BASES = 'rag_knowledge_bases';
export const DOCUMENTS = 'rag_documents';
export const CHUNKS = 'rag_chunks';
export const BLOBS = 'rag_blobs';
export const STATE = 'rag_state';

export const RAG_COLLECTIONS: readonly CollectionSpec[] = [
  { name: KNOWLEDGE_BASES, indexes: [{ key: { name: 1 }, unique: true }] },
  { name: DOCUMENTS, indexes: [{ key: { kbId: 1, createdAt: -1 } }, { key: { ownerId: 1, createdAt: -1 } }, { key: { status: 1 } }] },
  { name: CHUNKS, indexes: [{ key: { docId: 1, generation: 1, ordinal: 1 } }] },
  { name: BLOBS, indexes: [{ key: { docId: 1, part: 1 } }] },
  { name: STATE },
];
