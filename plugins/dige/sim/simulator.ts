// The Dige provider simulator: one loopback HTTP server that every Nexus process shares, with faults and a movable clock.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { handleAdmin } from './admin-routes.ts';
import { createSimAuth, type SimAuth } from './auth.ts';
import { createFaultRegistry, type FaultRegistry } from './faults.ts';
import { BadRequest, sendError, sendJson } from './http-io.ts';
import { handleProvider, type SimContext, type SimSettings } from './provider-routes.ts';
import { seedWorld } from './seed.ts';
import { createStateFile, type StateFile } from './state-file.ts';
import { createWorld, type World } from './world.ts';

export interface SimulatorOptions {
  readonly appKey: string;
  readonly appSecret: string;
  /** Where the world persists; in memory only when absent. */
  readonly stateFile?: string;
  /** Base time source (ms); the wall clock by default. `advance` moves the simulator ahead of it. */
  readonly clock?: { now(): number };
  readonly applyDelayMs?: number;
  readonly accessTokenTtlSeconds?: number;
  readonly onError?: (err: unknown) => void;
}

export interface Simulator {
  listen(port?: number, host?: string): Promise<string>;
  readonly faults: FaultRegistry;
  readonly settings: SimSettings;
  readonly auth: SimAuth;
  world(): World;
  now(): number;
  /** Moves simulated time forward: tokens expire and pending commands apply as if that time had passed. */
  advance(ms: number): number;
  reset(): void;
  /** Every request answered or held so far, for tests that count what reached the provider. */
  requests(): readonly { method: string; path: string }[];
  flush(): Promise<void>;
  close(): Promise<void>;
}

const MAX_REMEMBERED_REQUESTS = 10_000;

export async function createSimulator(options: SimulatorOptions): Promise<Simulator> {
  const base = options.clock ?? { now: () => Date.now() };
  let offset = 0;
  const now = () => base.now() + offset;
  const settings: SimSettings = { applyDelayMs: options.applyDelayMs ?? 800, accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3_600 };
  const onError = options.onError ?? ((err: unknown) => process.stderr.write(`dige-sim: ${String(err)}\n`));
  let world: World = createWorld(seedWorld());
  const file: StateFile | undefined = options.stateFile === undefined ? undefined : createStateFile(options.stateFile, () => world.state(), onError);
  const stored = await file?.load();
  if (stored !== undefined) world = createWorld(stored);

  const faults = createFaultRegistry();
  const auth = createSimAuth({ appKey: options.appKey, appSecret: options.appSecret, now, accessTtlSeconds: () => settings.accessTokenTtlSeconds });
  const held = new Set<ServerResponse>();
  const seen: { method: string; path: string }[] = [];
  const idPrefix = randomBytes(3).toString('hex');
  let requestCount = 0;

  const ctx: SimContext = {
    get world() {
      return world;
    },
    auth, faults, settings, now,
    changed: () => file?.save(),
    hold: (res) => {
      held.add(res);
      res.once('close', () => held.delete(res));
    },
  };
  const actions = {
    advance: (ms: number) => {
      offset += ms;
      return now();
    },
    reset: () => {
      world = createWorld(seedWorld());
      faults.clear();
      file?.save();
    },
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    res.setHeader('x-request-id', `sim-${idPrefix}-${++requestCount}`);
    seen.push({ method: req.method ?? '', path });
    if (seen.length > MAX_REMEMBERED_REQUESTS) seen.shift();
    const work =
      path === '/health' ? Promise.resolve(sendJson(res, 200, { status: 'ok' }))
      : path.startsWith('/admin/') ? handleAdmin(ctx, actions, req, res, path)
      : handleProvider(ctx, req, res, path);
    work.catch((err: unknown) => {
      if (err instanceof BadRequest) return sendError(res, 400, 'invalid_request', err.message);
      onError(err);
      sendError(res, 500, 'internal', 'The simulator failed.');
    });
  });

  return {
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      }),
    faults, settings, auth, now,
    world: () => world,
    advance: actions.advance,
    reset: actions.reset,
    requests: () => seen,
    flush: async () => file?.flush(),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await closed;
      await file?.flush();
    },
  };
}
