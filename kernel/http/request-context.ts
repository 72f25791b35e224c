// What the kernel adds to every Fastify request and route: the caller's identity, the correlation id, and the route's permission.
import type { Identity } from '../identity/identity.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route. */
    identity: Identity;
    correlationId: string;
  }
  interface FastifyContextConfig {
    /** The profile permission the caller's role needs; every non-public route names one. */
    permission?: string;
    /** Any valid token will do, whatever its role may do (the caller's own identity). */
    anyRole?: boolean;
    /** Reachable without a token (health, readiness, docs). */
    public?: boolean;
  }
}

export {};
