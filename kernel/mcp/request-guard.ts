// DNS-rebinding defence for /mcp: Host and Origin must name this server, and are checked before any credential is read.
import type { IncomingHttpHeaders } from 'node:http';
import type { AppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';

export interface RequestGuardOptions {
  /** The port the server actually listens on (known only after listen when 0 was asked for). */
  readonly port: number;
  /** Host header values to accept; loopback names with the port when absent. */
  readonly allowedHosts?: readonly string[];
  /** Origins to accept besides this server's own loopback origins. */
  readonly allowedOrigins: readonly string[];
}

/** Returns the refusal for a request whose Host or Origin is not ours, or undefined when it may go on. */
export type RequestGuard = (headers: IncomingHttpHeaders) => AppError | undefined;

function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function createRequestGuard(options: RequestGuardOptions): RequestGuard {
  const hosts = new Set((options.allowedHosts ?? loopbackHosts(options.port)).map((host) => host.toLowerCase()));
  // Browsers send the serialized origin, so configured values are normalised the same way; a malformed one fails at boot.
  const origins = new Set(
    [...options.allowedOrigins, ...loopbackHosts(options.port).map((host) => `http://${host}`)].map(
      (origin) => new URL(origin).origin,
    ),
  );
  return (headers) => {
    const host = headers.host;
    if (host === undefined || !hosts.has(host.toLowerCase())) return kernelErrors.host_forbidden();
    const origin = headers.origin;
    if (origin !== undefined && !origins.has(origin)) return kernelErrors.origin_forbidden();
    return undefined;
  };
}
