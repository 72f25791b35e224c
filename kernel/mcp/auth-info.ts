// Carries the Identity resolved for one HTTP request to the MCP request handlers, through the SDK's per-request AuthInfo.
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { Identity } from '../identity/identity.ts';

export function toAuthInfo(identity: Identity): AuthInfo {
  // The token id, never the secret: handlers only need to know which credential was used.
  return { token: identity.tokenId, clientId: identity.userId, scopes: [], extra: { identity } };
}

function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['userId'] === 'string' &&
    typeof candidate['role'] === 'string' &&
    typeof candidate['tokenId'] === 'string' &&
    (candidate['via'] === 'user' || candidate['via'] === 'service')
  );
}

/** The identity of the HTTP request that carried a message; every /mcp request is authenticated before it reaches the SDK. */
export function identityOf(authInfo: AuthInfo | undefined): Identity {
  const identity = authInfo?.extra?.['identity'];
  if (!isIdentity(identity)) throw new Error('an MCP request reached a handler without an authenticated identity');
  return identity;
}
