// A real HTTP server speaking the OpenAI /v1/embeddings wire format: deterministic vectors from hashed words, so shared words mean closeness.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingsServer {
  /** OpenAI style, with the version path: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  readonly requests: { headers: IncomingHttpHeaders; body: { model?: string; input?: unknown; encoding_format?: string } }[];
  /** Answers the next n requests with this HTTP status. */
  failNext(status: number, n?: number): void;
  /** Answers with `status` every request with an input containing `marker` (a chunk the model chokes on), until called with undefined. */
  failOn(marker: string | undefined, status?: number): void;
  close(): Promise<void>;
}

const words = (text: string) => text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];

/** Bag of hashed words (and, for CJK, characters) in `dimensions` buckets, L2-normalised. */
export function hashedVector(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const terms = words(text).flatMap((w) => (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w) ? [...w] : [w]));
  for (const term of terms) {
    const h = createHash('sha256').update(term).digest();
    v[h.readUInt32LE(0) % dimensions]! += h[4]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v);
  return norm === 0 ? v.map((_, i) => (i === 0 ? 1 : 0)) : v.map((x) => x / norm);
}

export async function startEmbeddingsServer(options: { dimensions?: number; apiKey?: string } = {}): Promise<EmbeddingsServer> {
  const dimensions = options.dimensions ?? 64;
  const requests: EmbeddingsServer['requests'] = [];
  let failures: { status: number; left: number } | undefined;
  let poison: { marker: string; status: number } | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return send(404, { error: { message: 'not found' } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EmbeddingsServer['requests'][number]['body'];
      requests.push({ headers: req.headers, body });
      if (failures && failures.left > 0) {
        failures.left--;
        return send(failures.status, { error: { message: 'scripted failure', type: 'server_error' } });
      }
      const input = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? (body.input as string[]) : [];
      if (poison !== undefined && input.some((text) => text.includes(poison!.marker))) {
        return send(poison.status, { error: { message: 'scripted failure on one input', type: 'server_error' } });
      }
      if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) return send(401, { error: { message: 'bad key' } });
      // Answered in reverse order with explicit indexes, as the API allows, so clients must sort by index.
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: hashedVector(text, dimensions) })).reverse();
      send(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: input.length, total_tokens: input.length } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (status, n = 1) => {
      failures = { status, left: n };
    },
    failOn: (marker, status = 500) => {
      poison = marker === undefined ? undefined : { marker, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
