// A loopback load balancer for tests: each request goes to the next upstream in turn, and the proxy notes which one got it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo } from './http-forward.ts';

export interface RoutedRequest {
  /** The index of the upstream that got the request. */
  readonly upstream: number;
  /** The `Mcp-Method` header a 2026-07-28 client sends, which lets a balancer route without reading the body. */
  readonly mcpMethod: string | undefined;
  readonly mcpName: string | undefined;
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Every request so far, in arrival order. */
  readonly routed: readonly RoutedRequest[];
  close(): Promise<void>;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `upstreams` is read per request, so the proxy can start before the servers behind it (their ports come later). */
export async function startRoundRobinProxy(upstreams: () => readonly URL[]): Promise<RoundRobinProxy> {
  const routed: RoutedRequest[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const targets = upstreams();
    const upstream = next % targets.length;
    next += 1;
    routed.push({ upstream, mcpMethod: single(req.headers['mcp-method']), mcpName: single(req.headers['mcp-name']) });
    forwardTo(targets[upstream] as URL, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    routed,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
