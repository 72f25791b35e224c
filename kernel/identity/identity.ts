// Who a request acts for: resolved by the receiving process from a token, never taken from a caller's claim.

export interface Identity {
  /** The end user the call acts for. */
  readonly userId: string;
  /** The role, resolved from the stored token record at the time of the call. */
  readonly role: string;
  /** The id (not the secret) of the token the user authenticated with; lets another process re-resolve it. */
  readonly tokenId: string;
  /** 'user' when the user's own token was presented, 'service' when a Nexus process called on the user's behalf. */
  readonly via: 'user' | 'service';
}

export {
  ON_BEHALF_OF_USER_HEADER,
  ON_BEHALF_OF_TOKEN_HEADER,
  CORRELATION_ID_HEADER,
  REQUEST_ID_HEADER,
} from '../../shared/service-auth/service-headers.ts';

/** Resolves the identity behind a request's headers, or throws an AppError (unauthorized, token_expired, token_revoked). */
export interface Authenticator {
  authenticate(headers: Readonly<Record<string, string | string[] | undefined>>): Promise<Identity>;
}

/** What a role may do, read from the profile's role matrix at the time of each call. */
export interface AccessPolicy {
  hasRole(role: string): boolean;
  mayUseTool(role: string, toolName: string): boolean;
  hasPermission(role: string, permission: string): boolean;
}
