// Migrations as a plugin's load runs them (before its indexes; a failure stops the load), and `nexus migrations status`.
import { execFile } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createTestEnv, projectRoot } from '../../helpers/test-env.ts';

const te = await createTestEnv(t, { plugins: ['migrating', 'migrating-broken', 'hello'] });
const nexus = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(projectRoot, 'kernel/cli/nexus.mjs'), ...args], { env: te.env, cwd: projectRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

t.test('before the first boot every declared step is pending', async (t) => {
  const listed = await nexus('migrations', 'status');
  t.equal(listed.code, 0, listed.stderr);
  t.strictSame(listed.stdout.trim().split('\n'), [
    'migrating  0001-title-from-name  pending',
    'migrating  0002-tags  pending',
    'migrating-broken  0001-seed  pending',
    'migrating-broken  0002-impossible  pending',
    'migrating-broken  0003-after  pending',
  ]);
});

t.test('boot: data of the old shape is migrated before the new unique index is built; a failed step fails only its plugin', async (t) => {
  const kernel = await createKernel({ process: 'worker', env: te.env, watchProfile: false });
  t.teardown(() => kernel.close());
  // Two notes of 1.0.0 without a title: a unique index on title built first would refuse them.
  await kernel.store.collection('migrating_notes').insertMany([{ name: 'first' }, { name: 'second' }]);
  const host = kernel.createPluginHost();
  t.teardown(() => host.close());
  await host.start();
  const state = (name: string) => host.status().find((s) => s.name === name);
  t.match(state('migrating'), { state: 'loaded', error: null });
  t.equal(await kernel.store.collection('migrating_notes').countDocuments({ title: { $in: ['first', 'second'] }, tags: [] }), 2);
  t.match(state('migrating-broken'), { state: 'failed', error: 'migration "0002-impossible" failed: the items cannot be split' });
  t.strictSame(await kernel.store.collection('migrating_broken_items').find({}).toArray(), [{ _id: 'first', seeded: true }], 'the step after the failure did not run');
  t.match(state('hello'), { state: 'loaded' }, 'a plugin without migrations loads as before');
});

t.test('after the boot: applied with time and duration, the failed step and the rest pending', async (t) => {
  const listed = await nexus('migrations', 'status', '--json');
  t.equal(listed.code, 0, listed.stderr);
  const rows = JSON.parse(listed.stdout) as Array<{ plugin: string; id: string; state: string; appliedAt: string | null; durationMs: number | null }>;
  t.strictSame(rows.map((r) => [r.plugin, r.id, r.state]), [
    ['migrating', '0001-title-from-name', 'applied'],
    ['migrating', '0002-tags', 'applied'],
    ['migrating-broken', '0001-seed', 'applied'],
    ['migrating-broken', '0002-impossible', 'pending'],
    ['migrating-broken', '0003-after', 'pending'],
  ]);
  for (const r of rows.filter((r) => r.state === 'applied')) {
    t.ok(!Number.isNaN(Date.parse(r.appliedAt ?? '')), 'appliedAt is an instant');
    t.type(r.durationMs, 'number');
  }
  t.match((await nexus('migrations', 'status')).stdout, /^migrating {2}0001-title-from-name {2}applied {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}\d+ ms$/m);
});

t.test('bad usage exits 2 with the usage', async (t) => {
  const bad = await nexus('migrations', 'run');
  t.equal(bad.code, 2);
  t.match(bad.stderr, 'unknown migrations command "run"');
  t.match(bad.stderr, 'nexus migrations status [--json]');
});
