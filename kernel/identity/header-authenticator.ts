// Resolves a request's identity: a user's bearer token, or the service secret plus the user the calling process acts for.
import { createHash, timingSafeEqual } from 'node:crypto';
import { kernelErrors } from '../errors/kernel-errors.ts';
import {
  ON_BEHALF_OF_TOKEN_HEADER,
  ON_BEHALF_OF_USER_HEADER,
  type Authenticator,
} from './identity.ts';
import type { TokenService } from './token-service.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createHeaderAuthenticator(deps: { tokens: TokenService; serviceSecret: string }): Authenticator {
  const secretDigest = digest(deps.serviceSecret);
  return {
    async authenticate(headers) {
      const auth = header(headers, 'authorization');
      const match = auth ? /^Bearer ([^\s]+)$/i.exec(auth.trim()) : null;
      if (!match?.[1]) throw kernelErrors.unauthorized();
      const presented = match[1];
      if (timingSafeEqual(digest(presented), secretDigest)) {
        const userId = header(headers, ON_BEHALF_OF_USER_HEADER);
        const tokenId = header(headers, ON_BEHALF_OF_TOKEN_HEADER);
        if (!userId || !tokenId) {
          throw kernelErrors.unauthorized(undefined, `Service calls must name the user they act for (${ON_BEHALF_OF_USER_HEADER}, ${ON_BEHALF_OF_TOKEN_HEADER}).`);
        }
        return deps.tokens.resolveById(tokenId, userId);
      }
      return deps.tokens.resolve(presented);
    },
  };
}
