// One migration suite for every store backend: order, once per store, failure, the lease-held lock, and two processes booting at once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Test } from 'tap';
import { createStore, type CreateStoreOptions, type DocumentStore } from '../../../shared/store/index.ts';
import { createMigrationRecords, MIGRATIONS_COLLECTION } from '../../../kernel/migrations/migration-records.ts';
import { migrationChecksum, type Migration } from '../../../kernel/migrations/migration.ts';
import { MigrationFailedError, runMigrations } from '../../../kernel/migrations/run-migrations.ts';
import { LOCKS_COLLECTION } from '../../../kernel/migrations/store-lock.ts';
import { migrationStatus } from '../../../kernel/migrations/migration-status.ts';
import { migrations as migratingSteps } from '../../fixtures/plugins/migrating/plugin.ts';
import { createTestEnv, fixturePlugin, projectRoot } from '../../helpers/test-env.ts';

export interface MigrationBackend {
  /** A store nobody else uses, and the environment that points a Nexus process at it. */
  fresh(t: Test): Promise<{ storeOptions: CreateStoreOptions; env: NodeJS.ProcessEnv }>;
}

interface RunCount {
  _id: string;
  count: number;
}

const silent = pino({ level: 'silent' });
const runs = (store: DocumentStore) => store.collection<RunCount>('migrating_runs').find({}, { sort: { _id: 1 } }).toArray();

/** A logger whose lines the test can wait for. */
function watchedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ msg: string; resolve: () => void }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as Record<string, unknown>;
      lines.push(line);
      for (const w of waiters.filter((w) => w.msg === line.msg)) w.resolve();
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, destination),
    lines,
    logged: (msg: string) => new Promise<void>((resolve) => (lines.some((l) => l.msg === msg) ? resolve() : waiters.push({ msg, resolve }))),
  };
}

export function runMigrationSuite(t: Test, label: string, backend: MigrationBackend): void {
  const open = async (t: Test) => {
    const { storeOptions, env } = await backend.fresh(t);
    const store = await createStore(storeOptions);
    t.teardown(() => store.close());
    return { store, env };
  };
  const run = (store: DocumentStore, migrations: readonly Migration[], plugin = 'migrating') =>
    runMigrations({ plugin, migrations, store, logger: silent, holder: 'test' });

  t.test(`${label}: pending steps run in order, once, and are recorded`, async (t) => {
    const { store } = await open(t);
    await store.collection('migrating_notes').insertMany([{ name: 'a' }, { name: 'b', tags: ['x'] }]);
    t.strictSame(await run(store, migratingSteps), ['0001-title-from-name', '0002-tags']);
    t.strictSame(await run(store, migratingSteps), [], 'a second boot finds nothing pending');
    t.strictSame(await runs(store), [{ _id: '0001-title-from-name', count: 1 }, { _id: '0002-tags', count: 1 }]);
    const notes = await store.collection('migrating_notes').find({}, { sort: { title: 1 }, projection: { _id: 0 } }).toArray();
    t.strictSame(notes, [{ title: 'a', tags: [] }, { title: 'b', tags: ['x'] }]);
    const records = await createMigrationRecords(store).applied('migrating');
    t.strictSame(records.map((r) => [r._id, r.plugin, r.id, r.checksum]), migratingSteps.map((m) => [`migrating/${m.id}`, 'migrating', m.id, migrationChecksum(m)]));
    for (const r of records) {
      t.ok(r.appliedAt instanceof Date, 'appliedAt is a date');
      t.ok(Number.isInteger(r.durationMs) && r.durationMs >= 0, 'durationMs is a whole number');
    }
    t.equal(await store.collection(LOCKS_COLLECTION).countDocuments({}), 0, 'the lock is released');
  });

  t.test(`${label}: a step added later runs alone; status tells applied, pending, changed and undeclared apart`, async (t) => {
    const { store } = await open(t);
    await run(store, migratingSteps.slice(0, 1));
    const declared = (steps: readonly Migration[]) => [{ plugin: 'migrating', migrations: steps }];
    const status = async (steps: readonly Migration[]) =>
      migrationStatus(declared(steps), await createMigrationRecords(store).applied()).map((r) => [r.id, r.state]);
    t.strictSame(await status(migratingSteps), [['0001-title-from-name', 'applied'], ['0002-tags', 'pending']]);
    t.strictSame(await run(store, migratingSteps), ['0002-tags']);
    t.strictSame(await runs(store), [{ _id: '0001-title-from-name', count: 1 }, { _id: '0002-tags', count: 1 }]);
    const edited: Migration = { ...migratingSteps[1]!, up: async () => undefined };
    t.strictSame(await status([migratingSteps[0]!, edited]), [['0001-title-from-name', 'applied'], ['0002-tags', 'changed']]);
    t.strictSame(await status([edited]), [['0002-tags', 'changed'], ['0001-title-from-name', 'undeclared']]);
    t.strictSame(await run(store, [migratingSteps[0]!, edited]), [], 'an edited step is not run again');
  });

  t.test(`${label}: a failing step stops there; the ones before stay recorded, it and the rest stay pending`, async (t) => {
    const { store } = await open(t);
    const after: Migration = { id: '0003-after', up: async ({ store }) => void (await store.collection<RunCount>('migrating_runs').insertOne({ _id: 'after', count: 1 })) };
    const failing: Migration = {
      id: '0002-tags',
      up: async () => {
        throw new Error('tags cannot be read');
      },
    };
    await t.rejects(run(store, [migratingSteps[0]!, failing, after]), new MigrationFailedError('0002-tags', new Error('tags cannot be read')));
    t.strictSame((await createMigrationRecords(store).applied()).map((r) => r.id), ['0001-title-from-name']);
    t.strictSame(await runs(store), [{ _id: '0001-title-from-name', count: 1 }], 'the step after the failure did not run');
    t.equal(await store.collection(LOCKS_COLLECTION).countDocuments({}), 0, 'the lock is released after a failure');
    t.strictSame(await run(store, [...migratingSteps, after]), ['0002-tags', '0003-after'], 'the fixed step and the rest run on the next boot');
  });

  t.test(`${label}: a migration sees only its plugin's collections`, async (t) => {
    const { store } = await open(t);
    const trespass: Migration = { id: '0001-trespass', up: async ({ store }) => void (await store.collection('agent_runs').deleteMany({})) };
    await t.rejects(run(store, [trespass]), { message: /migration "0001-trespass" failed: a migrating migration may only touch collections starting with "migrating_", not "agent_runs"/ });
  });

  t.test(`${label}: a live lease is waited for, a lapsed one is taken over`, async (t) => {
    const { store } = await open(t);
    const locks = store.collection<{ _id: string; holder: string; expiresAt: Date }>(LOCKS_COLLECTION);
    await locks.insertOne({ _id: 'migrations:migrating', holder: 'crashed', expiresAt: new Date(Date.now() - 1) });
    t.strictSame(await run(store, migratingSteps.slice(0, 1)), ['0001-title-from-name'], 'the lapsed lease did not block');

    await locks.insertOne({ _id: 'migrations:migrating', holder: 'alive', expiresAt: new Date(Date.now() + 600_000) });
    const watched = watchedLogger();
    const running = runMigrations({ plugin: 'migrating', migrations: migratingSteps, store, logger: watched.logger, holder: 'test', lock: { pollMs: 5 } });
    await watched.logged('waiting for the migration lock');
    t.match(watched.lines.find((l) => l.msg === 'waiting for the migration lock'), { holder: 'alive' });
    t.strictSame(await runs(store), [{ _id: '0001-title-from-name', count: 1 }], 'nothing runs while another holds the lock');
    await locks.deleteOne({ _id: 'migrations:migrating', holder: 'alive' });
    t.strictSame(await running, ['0002-tags']);
  });

  t.test(`${label}: two processes booting at once run each migration exactly once`, async (t) => {
    const { store, env } = await open(t);
    const te = await createTestEnv(t, { env: { ...env, NEXUS_LOG_LEVEL: 'info', NEXUS_SERVICE_SECRET: 'migration-test-secret-0123456789abcdef' } });
    await cp(fixturePlugin('migrating'), path.join(te.pluginsDir, 'migrating'), { recursive: true });
    await store.collection('migrating_notes').insertMany([{ name: 'a' }, { name: 'b' }]);
    // The test holds the lock until both processes wait for it, so that they then race for it together.
    const locks = store.collection<{ _id: string; holder: string; expiresAt: Date }>(LOCKS_COLLECTION);
    await locks.insertOne({ _id: 'migrations:migrating', holder: 'test', expiresAt: new Date(Date.now() + 600_000) });
    const processes = [0, 1].map(() => startProcess(te.env));
    t.teardown(() => processes.forEach((p) => p.kill()));
    await Promise.all(processes.map((p) => p.logged('waiting for the migration lock')));
    await locks.deleteOne({ _id: 'migrations:migrating', holder: 'test' });
    const statuses = await Promise.all(processes.map((p) => p.status));
    for (const status of statuses) t.match(status, [{ name: 'migrating', state: 'loaded', error: null }]);
    t.strictSame(await runs(store), [{ _id: '0001-title-from-name', count: 1 }, { _id: '0002-tags', count: 1 }]);
    t.equal(await store.collection(MIGRATIONS_COLLECTION).countDocuments({ plugin: 'migrating' }), 2);
    const applied = processes.map((p) => p.lines.filter((l) => l.msg === 'migration applied').length).sort();
    t.strictSame(applied, [0, 2], 'one process applied both steps, the other found them applied');
    t.equal(await store.collection('migrating_notes').countDocuments({ title: { $in: ['a', 'b'] } }), 2);
  });
}

function startProcess(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'test/fixtures/processes/load-plugins.ts')], {
    env, cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ msg: string; resolve: () => void }> = [];
  let status: unknown;
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Record<string, unknown>;
    if ('status' in line) status = line.status;
    lines.push(line);
    for (const w of waiters.filter((w) => w.msg === line.msg)) w.resolve();
  });
  // Read after the exit, so that every line the process wrote is in.
  const exited = once(child, 'exit').then(([code]) => {
    if (code !== 0 || status === undefined) throw new Error(`the process exited with code ${String(code)} and status ${JSON.stringify(status)}`);
    return status;
  });
  return {
    lines,
    status: exited,
    logged: (msg: string) => new Promise<void>((resolve) => (lines.some((l) => l.msg === msg) ? resolve() : waiters.push({ msg, resolve }))),
    kill: () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
  };
}
