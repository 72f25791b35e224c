// Issues, lists, revokes and resolves API bearer tokens; the role is checked against the profile when a token is created.
import { randomBytes } from 'node:crypto';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { AccessPolicy, Identity } from './identity.ts';
import { hashToken, type TokenRecord, type TokenRepository } from './token-repository.ts';

export const TOKEN_PREFIX = 'nxt_';

export interface TokenSummary {
  readonly id: string;
  readonly userId: string;
  readonly role: string;
  readonly label: string | null;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
}

export interface CreateTokenInput {
  readonly userId: string;
  readonly role: string;
  readonly label?: string;
  readonly expiresInDays?: number;
}

export interface TokenService {
  create(input: CreateTokenInput): Promise<{ token: string; summary: TokenSummary }>;
  list(options?: { userId?: string; includeRevoked?: boolean }): Promise<TokenSummary[]>;
  /** Revokes one token by id, or every token of a user; returns how many were revoked. */
  revoke(target: { id?: string; userId?: string }): Promise<number>;
  /** The identity behind a presented token, or an AppError. */
  resolve(token: string): Promise<Identity>;
  /** Re-resolves a user's identity from a token id, for calls another Nexus process makes on the user's behalf. */
  resolveById(tokenId: string, userId: string): Promise<Identity>;
  isEmpty(): Promise<boolean>;
}

const USER_ID = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/;

export function summarize(record: TokenRecord): TokenSummary {
  return {
    id: record._id,
    userId: record.userId,
    role: record.role,
    label: record.label,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    revokedAt: record.revokedAt?.toISOString() ?? null,
  };
}

export function createTokenService(deps: {
  repository: TokenRepository;
  access: Pick<AccessPolicy, 'hasRole'>;
  now?: () => Date;
}): TokenService {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  const checkUsable = (record: TokenRecord | null, via: Identity['via']): Identity => {
    if (!record) throw kernelErrors.unauthorized();
    if (record.revokedAt) throw kernelErrors.token_revoked();
    if (record.expiresAt && record.expiresAt.getTime() <= now().getTime()) throw kernelErrors.token_expired();
    return { userId: record.userId, role: record.role, tokenId: record._id, via };
  };

  return {
    async create({ userId, role, label, expiresInDays }) {
      if (!USER_ID.test(userId)) {
        throw kernelErrors.validation_failed({ issues: [{ path: '/userId', message: 'letters, digits and . _ @ - only, 1-128 characters' }] });
      }
      if (!deps.access.hasRole(role)) throw kernelErrors.unknown_role({ role }, `The role "${role}" is not defined in the profile.`);
      if (expiresInDays !== undefined && !(Number.isFinite(expiresInDays) && expiresInDays > 0)) {
        throw kernelErrors.validation_failed({ issues: [{ path: '/expiresInDays', message: 'must be a positive number' }] });
      }
      const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const createdAt = now();
      const record: TokenRecord = {
        _id: 'tok_' + randomBytes(9).toString('base64url'),
        hash: hashToken(token),
        userId,
        role,
        label: label ?? null,
        createdAt,
        expiresAt: expiresInDays === undefined ? null : new Date(createdAt.getTime() + expiresInDays * 86_400_000),
        revokedAt: null,
      };
      await repository.insert(record);
      return { token, summary: summarize(record) };
    },
    async list(options = {}) {
      const records = await repository.list({ userId: options.userId, includeRevoked: options.includeRevoked ?? false });
      return records.map(summarize);
    },
    async revoke(target) {
      if (!target.id && !target.userId) throw kernelErrors.validation_failed(undefined, 'Name a token id or a user to revoke.');
      return repository.revoke(target, now());
    },
    async resolve(token) {
      if (!token.startsWith(TOKEN_PREFIX)) throw kernelErrors.unauthorized();
      return checkUsable(await repository.findByHash(hashToken(token)), 'user');
    },
    async resolveById(tokenId, userId) {
      const record = await repository.findById(tokenId);
      if (record && record.userId !== userId) throw kernelErrors.unauthorized();
      return checkUsable(record, 'service');
    },
    async isEmpty() {
      return (await repository.count()) === 0;
    },
  };
}
