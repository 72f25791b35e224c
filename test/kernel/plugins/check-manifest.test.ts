// Manifest checks made when a plugin loads: each mistake is named in the plugin's load error.
import t from 'tap';
import { checkManifest } from '../../../kernel/plugins/check-manifest.ts';

const base = { name: 'notes', version: '1.0.0', description: 'Notes.', init: () => ({}) };

t.test('migrations: ids well formed and unique, each with an up function', async (t) => {
  const up = async () => undefined;
  t.strictSame(checkManifest({ ...base, migrations: [{ id: '0001-a', up }, { id: '0002-b', up }] }, 'notes'), []);
  t.strictSame(checkManifest({ ...base, migrations: { id: '0001-a', up } }, 'notes'), ['migrations must be an array']);
  t.strictSame(checkManifest({ ...base, migrations: [{ id: '0001-a', up }, { id: '0001-a', up }] }, 'notes'), ['migration id "0001-a" is declared twice']);
  t.strictSame(checkManifest({ ...base, migrations: [{ id: 'Rename Things', up }] }, 'notes'), [
    'migration id "Rename Things" must be lower-case letters, digits, dots, dashes or underscores',
  ]);
  t.strictSame(checkManifest({ ...base, migrations: [{ id: '0001-a' }] }, 'notes'), ['migration "0001-a" needs an up(ctx) function']);
});
