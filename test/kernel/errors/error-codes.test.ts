// One error model: codes equal their keys, are snake_case, unique across the kernel and every plugin, and have a real status.
import t from 'tap';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineErrors, isAppError, toErrorBody } from '../../../kernel/errors/app-error.ts';
import { kernelErrors } from '../../../kernel/errors/kernel-errors.ts';
import { projectRoot } from '../../helpers/test-env.ts';

t.test('defineErrors makes factories whose code is the key', async (t) => {
  const errors = defineErrors({ thing_missing: { status: 404, message: 'No thing.' } });
  const err = errors.thing_missing({ id: 1 });
  t.ok(isAppError(err));
  t.same(toErrorBody(err), { error: { code: 'thing_missing', message: 'No thing.', details: { id: 1 } } });
  t.equal(errors.thing_missing(undefined, 'Other words.').message, 'Other words.');
  t.throws(() => defineErrors({ BadCode: { status: 400, message: 'x' } }), /snake_case/);
  t.throws(() => defineErrors({ ok_code: { status: 200, message: 'x' } }), /4xx or 5xx/);
});

t.test('codes are unique across the kernel and every plugin errors.ts', async (t) => {
  const owners = new Map<string, string>();
  const add = (owner: string, registry: Record<string, unknown>) => {
    for (const code of Object.keys(registry)) {
      t.notOk(owners.has(code), `${code} (${owner}) is unique${owners.has(code) ? `, but ${owners.get(code)} declares it too` : ""}`);
      owners.set(code, owner);
    }
  };
  add('kernel', kernelErrors);
  const pluginsDir = path.join(projectRoot, 'plugins');
  for (const name of readdirSync(pluginsDir)) {
    const file = path.join(pluginsDir, name, 'errors.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Record<string, Record<string, unknown>>;
    for (const registry of Object.values(mod)) add(name, registry);
  }
  t.ok(owners.size >= Object.keys(kernelErrors).length);
});
