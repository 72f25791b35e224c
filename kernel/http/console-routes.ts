// Serves the built web console (console/dist) at /, with index.html for every other non-API path so client-side routes load.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../../shared/errors/error-body.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { HttpApp } from './create-http-app.ts';
import { notFoundHandler } from './error-handler.ts';

export const DEFAULT_CONSOLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../console/dist');

/** Paths that are never the console: unknown ones there stay JSON 404s. */
const NOT_CONSOLE = /^\/(api|docs|health|ready)(\/|$)/;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The token lives in session storage, so no script from elsewhere may run and the page may not be framed. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

async function fileIn(dir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(dir, `.${path.posix.normalize(decoded)}`);
  if (!file.startsWith(dir + path.sep)) return undefined;
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? file : undefined;
}

export function registerConsoleRoutes(app: HttpApp, options: { dir?: string } = {}): void {
  const dir = path.resolve(options.dir ?? DEFAULT_CONSOLE_DIR);

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (NOT_CONSOLE.test(urlPath)) return notFoundHandler(request, reply);
    const asset = urlPath === '/' ? undefined : await fileIn(dir, urlPath);
    // A missing file with an extension is a real 404; anything else is a client-side route.
    if (!asset && path.extname(urlPath) !== '' && !urlPath.endsWith('.html')) return notFoundHandler(request, reply);
    const file = asset ?? path.join(dir, 'index.html');
    const body = await readFile(file).catch(() => undefined);
    if (!body) {
      return reply.status(503).send(toErrorBody(kernelErrors.service_unavailable({ dir }, 'The web console is not built: run `npm run build:console`.')));
    }
    const hashed = file.startsWith(path.join(dir, 'assets') + path.sep);
    void reply
      .header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    if (file.endsWith('.html')) void reply.header('content-security-policy', CSP);
    return reply.send(body);
  };

  app.get('/', { config: { public: true }, schema: { hide: true } }, serve);
  app.get('/*', { config: { public: true }, schema: { hide: true } }, serve);
}
