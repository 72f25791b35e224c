// Holds the provider access token: logs in on first use, refreshes shortly before expiry or after a 401, one renewal at a time.
import type { Clock } from '../../domain/clock.ts';
import type { TokenResponse } from './contract.ts';

export interface TokenSource {
  /** Logs in with the app key and secret; throws when the provider refuses them. */
  login(): Promise<TokenResponse>;
  /** Trades a refresh token for a new pair; undefined when the provider no longer accepts it. */
  refresh(refreshToken: string): Promise<TokenResponse | undefined>;
}

export interface TokenKeeper {
  /** A token that is not about to expire. */
  token(): Promise<string>;
  /** A token other than `stale`, which the provider just refused. */
  renew(stale: string): Promise<string>;
  /** The token values to keep out of every stored record. */
  secrets(): readonly string[];
}

interface Held {
  readonly access: string;
  readonly refresh: string;
  readonly renewAt: number;
}

/** Renew this long before expiry: a tenth of the lifetime, at most a minute, so a call never carries a dying token. */
const MAX_MARGIN_MS = 60_000;
const REMEMBERED_SECRETS = 6;

export function createTokenKeeper(source: TokenSource, clock: Clock): TokenKeeper {
  let held: Held | undefined;
  let inflight: Promise<string> | undefined;
  const seen: string[] = [];
  const remember = (...values: string[]) => {
    seen.push(...values);
    seen.splice(0, Math.max(0, seen.length - REMEMBERED_SECRETS));
  };

  const obtain = (): Promise<string> => {
    inflight ??= (async () => {
      let next: TokenResponse | undefined;
      if (held !== undefined) next = await source.refresh(held.refresh);
      next ??= await source.login();
      const lifetime = next.expiresIn * 1000;
      held = { access: next.accessToken, refresh: next.refreshToken, renewAt: clock.now() + lifetime - Math.min(MAX_MARGIN_MS, lifetime / 10) };
      remember(next.accessToken, next.refreshToken);
      return next.accessToken;
    })().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };

  const fresh = () => held !== undefined && clock.now() < held.renewAt;

  return {
    token: async () => (fresh() ? held!.access : obtain()),
    renew: async (stale) => (fresh() && held!.access !== stale ? held!.access : obtain()),
    secrets: () => seen,
  };
}
