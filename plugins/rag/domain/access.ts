// Who may see and change what: documents follow their knowledge base, owners keep their own, rag.admin sees everything.
import type { DocumentRecord } from './document.ts';
import type { KnowledgeBaseRecord } from './knowledge-base.ts';

export interface Caller {
  readonly userId: string;
  /** Holds rag.admin. */
  readonly isAdmin: boolean;
}

export function canReadKnowledgeBase(kb: KnowledgeBaseRecord, caller: Caller): boolean {
  return caller.isAdmin || kb.visibility === 'shared' || kb.ownerId === caller.userId || kb.members.includes(caller.userId);
}

/** Adding documents: the same people who may read it (the route's rag.write permission is checked before). */
export function canAddToKnowledgeBase(kb: KnowledgeBaseRecord, caller: Caller): boolean {
  return canReadKnowledgeBase(kb, caller);
}

export function canManageKnowledgeBase(kb: KnowledgeBaseRecord, caller: Caller): boolean {
  return caller.isAdmin || kb.ownerId === caller.userId;
}

export function canReadDocument(doc: DocumentRecord, kb: KnowledgeBaseRecord | null, caller: Caller): boolean {
  return caller.isAdmin || doc.ownerId === caller.userId || (kb !== null && canReadKnowledgeBase(kb, caller));
}

/** Deleting and re-ingesting: the uploader, the knowledge base's owner, or an admin. */
export function canChangeDocument(doc: DocumentRecord, kb: KnowledgeBaseRecord | null, caller: Caller): boolean {
  return caller.isAdmin || doc.ownerId === caller.userId || (kb !== null && kb.ownerId === caller.userId);
}
