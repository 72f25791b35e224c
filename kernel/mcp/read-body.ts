// Reads a request body up to a byte limit, so one oversized POST cannot exhaust the process's memory.
import type { IncomingMessage } from 'node:http';

export type BodyRead = { readonly tooLarge: false; readonly text: string } | { readonly tooLarge: true };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Stop reading without destroying the socket, so the 413 answer can still be written.
      stop();
      req.pause();
      resolve({ tooLarge: true });
    };
    const onEnd = () => {
      stop();
      resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
