// Error codes are unique across the kernel and every plugin's errors.ts (the harness is another process with its own registry).
import t from 'tap';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { kernelErrors } from '../../../kernel/errors/kernel-errors.ts';
import { projectRoot } from '../../helpers/test-env.ts';

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
