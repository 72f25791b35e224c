// The W3C `traceparent` a request arrived with, when well-formed, so an agent run can carry it on to its MCP calls.
import type { IncomingHttpHeaders } from 'node:http';
import { TRACEPARENT_PATTERN } from '../../shared/contracts/run-request.ts';

const TRACEPARENT = new RegExp(TRACEPARENT_PATTERN);

export function traceparentOf(headers: IncomingHttpHeaders): string | undefined {
  const given = headers['traceparent'];
  return typeof given === 'string' && TRACEPARENT.test(given) ? given : undefined;
}
