// Stored API tokens: only a SHA-256 of each token is kept, never the token itself.
import { createHash } from 'node:crypto';
import type { DocumentStore, StoreCollection } from '../../shared/store/port.ts';

export const TOKENS_COLLECTION = 'kernel_api_tokens';

export interface TokenRecord {
  _id: string;
  hash: string;
  userId: string;
  role: string;
  label: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface TokenRepository {
  insert(record: TokenRecord): Promise<void>;
  findByHash(hash: string): Promise<TokenRecord | null>;
  findById(id: string): Promise<TokenRecord | null>;
  list(filter: { userId?: string; includeRevoked: boolean }): Promise<TokenRecord[]>;
  revoke(filter: { id?: string; userId?: string }, at: Date): Promise<number>;
  count(): Promise<number>;
}

export async function createTokenRepository(store: DocumentStore): Promise<TokenRepository> {
  const tokens: StoreCollection<TokenRecord> = store.collection<TokenRecord>(TOKENS_COLLECTION);
  await tokens.createIndex({ hash: 1 }, { unique: true });
  await tokens.createIndex({ userId: 1 });
  return {
    insert: async (record) => {
      await tokens.insertOne(record);
    },
    findByHash: (hash) => tokens.findOne({ hash }),
    findById: (id) => tokens.findOne({ _id: id }),
    list: ({ userId, includeRevoked }) => {
      const filter: Record<string, unknown> = {};
      if (userId) filter.userId = userId;
      if (!includeRevoked) filter.revokedAt = null;
      return tokens.find(filter, { sort: { createdAt: 1 } }).toArray();
    },
    revoke: async ({ id, userId }, at) => {
      const filter: Record<string, unknown> = { revokedAt: null };
      if (id) filter._id = id;
      if (userId) filter.userId = userId;
      const res = await tokens.updateMany(filter, { $set: { revokedAt: at } });
      return res.modifiedCount;
    },
    count: () => tokens.countDocuments({}),
  };
}
