// Gives tests a MongoDB-compatible server: NEXUS_TEST_MONGODB_URI when set, else a throwaway FerretDB (SQLite backend, loopback, free port).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { createTempDir, removeTempDir } from './temp-dir.ts';

export const FERRETDB_VERSION = 'v1.24.2';

export const NO_MONGO_SERVER_REASON =
  `no MongoDB-compatible server: set NEXUS_TEST_MONGODB_URI, or run .ci/ferretdb.sh (needs Go) to build FerretDB ${FERRETDB_VERSION} ` +
  `into ~/.cache/nexus/ferretdb/${FERRETDB_VERSION}/ferretdb, or set NEXUS_FERRETDB_BIN to a ferretdb binary`;

export interface MongoTestServer {
  readonly uri: string;
  /** 'ferretdb' when this helper started FerretDB; 'external' for NEXUS_TEST_MONGODB_URI (whatever server that is). */
  readonly kind: 'ferretdb' | 'external';
  stop(): Promise<void>;
}

export function ferretdbBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NEXUS_FERRETDB_BIN) return env.NEXUS_FERRETDB_BIN;
  const cached = path.join(homedir(), '.cache', 'nexus', 'ferretdb', FERRETDB_VERSION, 'ferretdb');
  return existsSync(cached) ? cached : undefined;
}

/** FerretDB announces itself in buildInfo (NEXUS_TEST_MONGODB_URI may point at one too). */
export async function isFerretDB(uri: string): Promise<boolean> {
  const client = new MongoClient(uri);
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return typeof info.ferretdbVersion === 'string';
  } finally {
    await client.close();
  }
}

/** A database name no other test run uses. */
export function uniqueDbName(prefix = 'nexus_test'): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port assigned'))));
    });
  });
}

/** Resolves once the server answers a ping; the driver's server selection does the waiting, no polling here. */
async function waitForPing(uri: string, exited: Promise<never>): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 30_000 });
  try {
    await Promise.race([client.db('admin').command({ ping: 1 }), exited]);
  } finally {
    await client.close();
  }
}

/** The server to test against, or undefined when neither NEXUS_TEST_MONGODB_URI nor a FerretDB binary is available. */
export async function startMongoTestServer(env: NodeJS.ProcessEnv = process.env): Promise<MongoTestServer | undefined> {
  if (env.NEXUS_TEST_MONGODB_URI) return { uri: env.NEXUS_TEST_MONGODB_URI, kind: 'external', stop: async () => {} };
  const binary = ferretdbBinary(env);
  if (binary === undefined) return undefined;
  const dir = await createTempDir('nexus-ferretdb-');
  const port = await freeLoopbackPort();
  const child = spawn(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const spawnFailure = new Promise<never>((_, reject) => child.once('error', reject));
  const exitedEarly = Promise.race([
    spawnFailure,
    exit.then((code): never => {
      throw new Error(`FerretDB exited with code ${code} before accepting connections: ${stderr.trim()}`);
    }),
  ]);
  // After start-up the exit at stop() is expected; it must not surface as an unhandled rejection.
  exitedEarly.catch(() => {});
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exit;
    }
    await removeTempDir(dir);
  };
  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, exitedEarly);
  } catch (err) {
    await stop();
    throw err;
  }
  return { uri, kind: 'ferretdb', stop };
}
