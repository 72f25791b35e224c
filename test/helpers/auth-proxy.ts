// A loopback reverse proxy for tests that adds an Authorization header and passes everything else through untouched, Host included.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

function forward(options: AuthProxyOptions, req: IncomingMessage, res: ServerResponse): void {
  const upstream = options.upstream();
  const outgoing = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      // The client's Host and Origin go through as sent: the server under test must judge them, not ours.
      headers: { ...req.headers, authorization: options.authorization },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  outgoing.on('error', () => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502).end();
  });
  // A client that goes away (e.g. cancelling an SSE stream) must release the upstream connection too.
  res.on('close', () => outgoing.destroy());
  req.pipe(outgoing);
}

export async function startAuthProxy(options: AuthProxyOptions): Promise<AuthProxy> {
  const server = createServer((req, res) => forward(options, req, res));
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
