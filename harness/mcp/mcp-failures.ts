// Tells apart the ways an MCP request can fail on the way, so the client knows whether to reconnect and whether a call ran.
import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/**
 * `session_gone`: a 2025-era server no longer knows the session (it restarted or expired it) and refused before doing
 * anything. `unreachable`: nothing listened, so nothing ran. `connection_lost`: the connection broke mid-request; a call
 * may have run.
 */
export type TransportFailure = 'session_gone' | 'unreachable' | 'connection_lost';

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== SdkErrorCode.SendFailed) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function transportFailure(err: unknown): TransportFailure | undefined {
  if (err instanceof SdkHttpError) return err.status === 404 ? 'session_gone' : undefined;
  if (err instanceof SdkError && err.code === SdkErrorCode.ConnectionClosed) return 'connection_lost';
  const code = causeCode(err);
  if (code !== undefined && REFUSED.has(code)) return 'unreachable';
  if (err instanceof TypeError && err.message === 'fetch failed') return 'connection_lost';
  if (code !== undefined && (code.startsWith('ECONN') || code.startsWith('UND_ERR') || code === 'EPIPE')) return 'connection_lost';
  return undefined;
}
