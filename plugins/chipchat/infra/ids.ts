// Unguessable ids: 144 random bits each, so holding an id is never proof of access and guessing one is hopeless.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IdSource } from '../svc/ports.ts';

export const randomIds: IdSource = {
  conversationId: () => `conv_${randomBytes(18).toString('base64url')}`,
  messageId: () => `msg_${randomBytes(18).toString('base64url')}`,
  sessionId: () => randomUUID(),
};
