// A loopback reverse proxy for tests that adds an Authorization header and passes everything else through untouched, Host included.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo } from './http-forward.ts';

export interface AuthProxyOptions {
  /** The full header value to add, e.g. `Bearer <token>`; a client's own Authorization is replaced. */
  readonly authorization: string;
  /** Where to forward, read per request: the upstream may only be known after the proxy's own port is. */
  readonly upstream: () => URL;
}

export interface AuthProxy {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startAuthProxy(options: AuthProxyOptions): Promise<AuthProxy> {
  const server = createServer((req, res) => forwardTo(options.upstream(), req, res, { authorization: options.authorization }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
