// The simulator's app login: short-lived access tokens, single-use refresh tokens, only hashes kept for checking.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenResponse } from '../infra/provider/contract.ts';

export type TokenCheck = 'ok' | 'missing' | 'invalid' | 'expired';

export interface SimAuth {
  login(appKey: string, appSecret: string): TokenResponse | undefined;
  refresh(refreshToken: string): TokenResponse | undefined;
  check(authorization: string | undefined): TokenCheck;
  revokeAll(): void;
  /** Recently issued token values, for tests that prove they never reach a log or a stored record. */
  issued(): readonly string[];
}

export interface SimAuthOptions {
  readonly appKey: string;
  readonly appSecret: string;
  readonly now: () => number;
  readonly accessTtlSeconds: () => number;
}

const REFRESH_TTL_MS = 30 * 86_400_000;
const REMEMBERED = 50;

const hash = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(hash(a), hash(b));

export function createSimAuth(options: SimAuthOptions): SimAuth {
  const access = new Map<string, number>();
  const refresh = new Map<string, number>();
  const issued: string[] = [];

  function issue(): TokenResponse {
    const ttl = options.accessTtlSeconds();
    const accessToken = `sim_at_${randomBytes(18).toString('base64url')}`;
    const refreshToken = `sim_rt_${randomBytes(18).toString('base64url')}`;
    access.set(hash(accessToken).toString('hex'), options.now() + ttl * 1000);
    refresh.set(hash(refreshToken).toString('hex'), options.now() + REFRESH_TTL_MS);
    issued.push(accessToken, refreshToken);
    issued.splice(0, Math.max(0, issued.length - REMEMBERED));
    return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ttl };
  }

  return {
    login: (appKey, appSecret) => (sameSecret(appKey, options.appKey) && sameSecret(appSecret, options.appSecret) ? issue() : undefined),
    refresh(refreshToken) {
      const key = hash(refreshToken).toString('hex');
      const until = refresh.get(key);
      refresh.delete(key);
      return until !== undefined && until > options.now() ? issue() : undefined;
    },
    check(authorization) {
      if (authorization === undefined || !authorization.startsWith('Bearer ')) return 'missing';
      const until = access.get(hash(authorization.slice(7)).toString('hex'));
      if (until === undefined) return 'invalid';
      return until > options.now() ? 'ok' : 'expired';
    },
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    issued: () => issued,
  };
}
