// Reads the imports of every source file under a root and lists the breaches of DESIGN.md's dependency rules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Breach {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

const SOURCE = /\.(ts|mts|cts|js|mjs)$/;
const IMPORT = /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[^\w.])import\s+['"]([^'"]+)['"]/gm;
/** What a plugin's domain/ may not touch: anything that does I/O. */
const DOMAIN_IO = /^(node:)?(fs|fs\/promises|net|http|https|http2|child_process|dgram|tls|worker_threads)$|^(fastify|mongodb|better-sqlite3|undici|axios|node-fetch|@fastify\/.*|@modelcontextprotocol\/.*)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(IMPORT)) found.push((m[1] ?? m[2] ?? m[3])!);
  return found;
}

/** Where an import lands, as a path relative to the root ('' for packages). */
function target(root: string, file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  if (specifier === 'nexus/kernel') return 'kernel/index.ts';
  if (specifier === 'nexus/kernel/testing') return 'kernel/testing/index.ts';
  return '';
}

export function checkImports(root: string, dirs: readonly string[] = ['harness', 'plugins', 'kernel', 'shared', 'test/harness']): Breach[] {
  const breaches: Breach[] = [];
  for (const dir of dirs) {
    const abs = path.join(root, dir);
    let files: string[];
    try {
      files = walk(abs);
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = path.relative(root, file);
      const [top, plugin, layer] = rel.split(path.sep);
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const to = target(root, file, specifier);
        const toTop = to.split(path.sep)[0];
        const add = (rule: string) => breaches.push({ file: rel, specifier, rule });
        if (top === 'harness' || rel.startsWith(path.join('test', 'harness'))) {
          if (toTop === 'kernel' || toTop === 'plugins') add('harness imports only harness/, shared/ and packages');
        }
        if (top === 'shared' && (toTop === 'kernel' || toTop === 'harness' || toTop === 'plugins')) {
          add('shared imports only shared/ and packages');
        }
        const toKit = to.startsWith(path.join('kernel', 'testing') + path.sep);
        if (top === 'kernel' || top === 'plugins') {
          if (toTop === 'test') add('product code never imports test/');
          if (toKit && !rel.startsWith(path.join('kernel', 'testing') + path.sep)) add('only tests import the test kit (nexus/kernel/testing)');
        }
        if (top === 'plugins') {
          if (toTop === 'plugins' && to.split(path.sep)[1] !== plugin) add('a plugin never imports another plugin');
          if (toTop === 'kernel' && !toKit && to !== path.join('kernel', 'index.ts')) add("plugins import only the kernel's public entry");
          if (toTop === 'harness') add('plugins never import the harness');
          if (layer === 'domain' && (DOMAIN_IO.test(specifier) || ['infra', 'api', 'svc'].includes(to.split(path.sep)[2] ?? ''))) {
            add('a plugin domain/ imports nothing with I/O');
          }
        }
      }
    }
  }
  return breaches;
}
