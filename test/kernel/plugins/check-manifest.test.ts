// Manifest checks made when a plugin loads: each mistake is named in the plugin's load error.
import t from 'tap';
import { checkManifest } from '../../../kernel/plugins/check-manifest.ts';
import { coreServices } from '../../../kernel/plugins/core-services.ts';
import { createServiceRef } from '../../../kernel/plugins/service-ref.ts';

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

t.test('deps and provides: refs only, no core service provided by a plugin, no ref provided twice', async (t) => {
  const notesRef = createServiceRef<string>('notes.text');
  const get = () => 'text';
  t.strictSame(checkManifest({ ...base, deps: { store: coreServices.store }, provides: () => [{ ref: notesRef, get }] }, 'notes'), []);
  t.strictSame(checkManifest({ ...base, deps: { store: 'core.store' } }, 'notes'), ['deps.store must be a service ref (coreServices.* or createServiceRef)']);
  t.strictSame(checkManifest({ ...base, provides: [{ ref: notesRef, get }] }, 'notes'), ['provides must be a function: (provide) => [provide(ref, factory), ...]']);
  t.strictSame(checkManifest({ ...base, provides: () => [{ ref: coreServices.store, get }] }, 'notes'), ['provides "core.store": only the kernel offers core.* services']);
  t.strictSame(checkManifest({ ...base, provides: () => [{ ref: notesRef, get }, { ref: notesRef, get }] }, 'notes'), ['provides "notes.text" twice']);
  t.strictSame(checkManifest({ ...base, provides: () => [{ ref: 'notes.text', get }] }, 'notes'), [
    'provides[0] must be provide(ref, factory) with a service ref (createServiceRef)',
  ]);
});
