// Passes one HTTP request through to an upstream and streams the answer back: the shared core of the test proxies.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/** Forwards method, path, headers (with `override` applied) and body; Host and Origin go through as the client sent them. */
export function forwardTo(upstream: URL, req: IncomingMessage, res: ServerResponse, override: Record<string, string> = {}): void {
  const outgoing = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      // The server under test must judge the client's Host and Origin, not ours.
      headers: { ...req.headers, ...override },
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
