// Looks a document up for a caller: one they may not see is "not found", one they may see but not change is "forbidden".
import { canChangeDocument, canReadDocument, type Caller } from '../domain/access.ts';
import type { DocumentRecord } from '../domain/document.ts';
import type { KnowledgeBaseRecord } from '../domain/knowledge-base.ts';
import { errors } from '../errors.ts';
import type { DocumentRepository, KnowledgeBaseRepository } from './ports.ts';

export interface DocumentAccess {
  visible(caller: Caller, id: string): Promise<DocumentRecord>;
  changeable(caller: Caller, id: string): Promise<DocumentRecord>;
}

export function createDocumentAccess(documents: DocumentRepository, kbs: KnowledgeBaseRepository): DocumentAccess {
  async function lookUp(caller: Caller, id: string): Promise<{ doc: DocumentRecord; kb: KnowledgeBaseRecord | null }> {
    const doc = await documents.get(id);
    const kb = doc === null ? null : await kbs.get(doc.kbId);
    if (doc === null || !canReadDocument(doc, kb, caller)) throw errors.rag_document_not_found({ docId: id });
    return { doc, kb };
  }
  return {
    visible: async (caller, id) => (await lookUp(caller, id)).doc,
    async changeable(caller, id) {
      const { doc, kb } = await lookUp(caller, id);
      if (!canChangeDocument(doc, kb, caller)) {
        throw errors.rag_write_forbidden({ docId: id }, 'Only the uploader, the knowledge base owner or a rag admin may change this document.');
      }
      return doc;
    },
  };
}
