// HTTP between Nexus processes: a plain undici Agent, so HTTP(S)_PROXY never intercepts loopback calls.
import { Agent, fetch, type RequestInit, type Response } from 'undici';

const direct = new Agent({ connect: { timeout: 5_000 } });

export function loopbackFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, dispatcher: direct });
}
