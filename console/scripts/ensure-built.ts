// Builds console/dist when it is missing or older than the console's sources; run by `npm install`/`npm ci` (prepare), `npm start` and the console tests.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const consoleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(consoleRoot, 'dist', 'index.html');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', '../package-lock.json'];

async function newest(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const child of await readdir(entry)) latest = Math.max(latest, await newest(path.join(entry, child)));
  return latest;
}

/** True when dist/index.html is missing or a source changed after it was written. */
export async function isStale(): Promise<boolean> {
  const built = (await stat(distIndex).catch(() => undefined))?.mtimeMs;
  if (built === undefined) return true;
  for (const source of SOURCES) if ((await newest(path.join(consoleRoot, source))) > built) return true;
  return false;
}

/** Builds when stale; `false` when the build tools are not installed (a production install without devDependencies). */
export async function ensureConsoleBuilt(options: { quiet?: boolean } = {}): Promise<boolean> {
  if (!(await isStale())) return true;
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    console.warn('console: vite is not installed (devDependencies omitted?), so the web console is not built; the API serves everything else.');
    return false;
  }
  await vite.build({ configFile: path.join(consoleRoot, 'vite.config.ts'), logLevel: options.quiet ? 'error' : 'warn' });
  if (!options.quiet) console.log('console: built into console/dist');
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureConsoleBuilt();
}
