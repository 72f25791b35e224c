import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore } from '../../shared/store/index.ts';
const store = await createStore({ dataDir: await mkdtemp(join(tmpdir(), 'micro-')) });
const c = store.collection<any>('x');
await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
await c.insertOne({ _id: 'a', step: 0, state: 'x'.repeat(2000), expiresAt: new Date(Date.now() + 1e9) });
async function time(label: string, fn: (i: number) => Promise<unknown>) {
  const n = 300; const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn(i);
  const t = process.cpuUsage(t0); console.log(label, ((t.user + t.system) / 1000 / n).toFixed(3), 'ms');
}
let step = 0;
await time('update plain', async () => { await c.updateOne({ _id: 'a', step }, { $set: { step: step + 1, state: 'y'.repeat(2000), expiresAt: new Date(Date.now() + 1e9) } }); step++; });
await time('update +expires filter', async () => { await c.updateOne({ _id: 'a', step, expiresAt: { $gt: new Date() } }, { $set: { step: step + 1, state: 'y'.repeat(2000) } }); step++; });
await time('update +unset', async () => { await c.updateOne({ _id: 'a', step }, { $set: { step: step + 1 }, $unset: { blobIds: '' } }); step++; });
await time('insert', async (i) => { await c.insertOne({ _id: `p${i}`, runId: 'a', step: i, change: 'z'.repeat(300), expiresAt: new Date(Date.now() + 1e9) }); });
await time('findOne', async () => { await c.findOne({ _id: 'a', expiresAt: { $gt: new Date() } }); });
