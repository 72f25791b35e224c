// Unguessable ids: 144 random bits each, so holding an id is never proof of access and guessing one is hopeless.
import { randomBytes } from 'node:crypto';
import type { IdSource } from '../svc/ports.ts';

export const randomIds: IdSource = {
  documentId: () => `doc_${randomBytes(18).toString('base64url')}`,
  knowledgeBaseId: () => `kb_${randomBytes(18).toString('base64url')}`,
};
