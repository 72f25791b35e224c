// Original uploads in rag_blobs, split into 1 MiB parts: the store is shared by every process and machine, a data folder is not.
import type { DocumentStore } from 'nexus/kernel';
import type { Filter } from '../../../shared/store/port.ts';
import type { BlobRepository } from '../svc/ports.ts';
import { BLOBS } from './collections.ts';

/** Well under MongoDB's 16 MB document limit even after base64. */
export const BLOB_PART_BYTES = 1024 * 1024;

interface BlobPart {
  _id: string;
  docId: string;
  part: number;
  parts: number;
  /** base64: kept byte for byte by every store backend. */
  data: string;
}

export function createBlobRepository(store: DocumentStore): BlobRepository {
  const blobs = store.collection<BlobPart>(BLOBS);
  return {
    async put(docId, bytes) {
      const parts = Math.max(1, Math.ceil(bytes.length / BLOB_PART_BYTES));
      const docs: BlobPart[] = [];
      for (let i = 0; i < parts; i++) {
        docs.push({ _id: `${docId}.${i}`, docId, part: i, parts, data: bytes.subarray(i * BLOB_PART_BYTES, (i + 1) * BLOB_PART_BYTES).toString('base64') });
      }
      await blobs.insertMany(docs);
    },
    async get(docId) {
      const parts = await blobs.find({ docId } as Filter<BlobPart>).sort({ part: 1 }).toArray();
      // A missing part means an interrupted write: treat the original as absent rather than return a truncated file.
      if (parts.length === 0 || parts.length !== parts[0]!.parts) return null;
      return Buffer.concat(parts.map((p) => Buffer.from(p.data, 'base64')));
    },
    async delete(docId) {
      await blobs.deleteMany({ docId } as Filter<BlobPart>);
    },
    exists: async (docId) => (await blobs.countDocuments({ docId } as Filter<BlobPart>)) > 0,
  };
}
