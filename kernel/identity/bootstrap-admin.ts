// The first start on an empty store creates one admin token; a marker document makes that happen once even if processes race.
import { isDuplicateKeyError, type DocumentStore } from '../../shared/store/port.ts';
import type { TokenService } from './token-service.ts';

const META_COLLECTION = 'kernel_meta';

/** Returns the new admin token when this call created it, otherwise null. */
export async function bootstrapAdminToken(store: DocumentStore, tokens: TokenService, role = 'admin'): Promise<string | null> {
  if (!(await tokens.isEmpty())) return null;
  try {
    await store.collection<{ _id: string; at: Date }>(META_COLLECTION).insertOne({ _id: 'bootstrap-admin-token', at: new Date() });
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
  const { token } = await tokens.create({ userId: 'admin', role, label: 'created by the first start' });
  return token;
}
