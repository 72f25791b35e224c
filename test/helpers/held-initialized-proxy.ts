// A loopback proxy for tests in front of a 2025-era Streamable HTTP MCP server: it passes every request through, except that it
// accepts the client's `notifications/initialized` itself (202, as the server would) and delivers it upstream only once the
// server has answered the client's first tools/call and the client's standalone GET stream is open. A server that registers
// tools once initialized (server-everything does) thereby adds them after the client has listed and used its tools, and its
// list_changed finds the stream it is sent on: a tool that appears later, at a moment the test knows.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldInitializedProxy {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  close(): Promise<void>;
}

interface Held {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function methodOf(body: Buffer): string | undefined {
  try {
    return (JSON.parse(body.toString('utf8')) as { method?: string }).method;
  } catch {
    return undefined;
  }
}

export async function startHeldInitializedProxy(upstream: URL): Promise<HeldInitializedProxy> {
  let held: Held | undefined;
  let released = false;
  let callAnswered = false;
  let streamOpen = false;

  // One upstream connection per request, as the harness's client uses: through Node's keep-alive agent, requests that
  // reused a pooled socket were answered 400 by server-everything's HTTP stack.
  const send = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer | undefined, onAnswer: (answer: IncomingMessage) => void) => {
    const outgoing = request({ host: upstream.hostname, port: upstream.port, method, path, headers, agent: false }, onAnswer);
    outgoing.on('error', () => undefined);
    outgoing.end(body);
    return outgoing;
  };

  const releaseWhenReady = () => {
    if (released || held === undefined || !callAnswered || !streamOpen) return;
    released = true;
    send('POST', upstream.pathname, held.headers, held.body, (answer) => answer.resume());
  };

  const pass = (req: IncomingMessage, res: ServerResponse, body: Buffer | undefined, onAnswer: (answer: IncomingMessage) => void = () => undefined) => {
    const outgoing = send(req.method ?? 'GET', req.url ?? '/', req.headers, body, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      onAnswer(answer);
    });
    outgoing.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    // A client that ends its SSE stream must release the upstream connection too.
    res.on('close', () => outgoing.destroy());
  };

  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      pass(req, res, undefined, (answer) => {
        if (answer.statusCode !== 200) return;
        streamOpen = true;
        releaseWhenReady();
      });
      return;
    }
    void readBody(req).then((body) => {
      const method = methodOf(body);
      if (method === 'notifications/initialized' && !released) {
        held = { headers: req.headers, body };
        res.writeHead(202).end();
        return;
      }
      pass(req, res, body, (answer) => {
        if (method !== 'tools/call' || callAnswered) return;
        answer.once('end', () => {
          callAnswered = true;
          releaseWhenReady();
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
