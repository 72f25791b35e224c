// Header names for calls between Nexus processes: the service secret is the bearer token, these name the user acted for.
export const ON_BEHALF_OF_USER_HEADER = 'x-nexus-on-behalf-of';
export const ON_BEHALF_OF_TOKEN_HEADER = 'x-nexus-credential-id';
export const CORRELATION_ID_HEADER = 'x-correlation-id';
export const REQUEST_ID_HEADER = 'x-request-id';
