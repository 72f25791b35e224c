// A disposable Nexus environment for tests: data folder, a plugins folder inside the project (so plugins resolve 'nexus/kernel'), a profile.
import { cp, mkdir, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDirFor } from './temp-dir.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixturePlugin = (name: string) => path.join(projectRoot, 'test/fixtures/plugins', name);

export interface TestEnv {
  readonly env: NodeJS.ProcessEnv;
  readonly dataDir: string;
  readonly pluginsDir: string;
  addPlugin(fixture: string): Promise<void>;
  removePlugin(name: string): Promise<void>;
}

export async function createTestEnv(
  t: { teardown(fn: () => unknown): void },
  options: { plugins?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<TestEnv> {
  const dataDir = await tempDirFor(t, 'nexus-data-');
  const pluginsDir = path.join(projectRoot, '.cache/test-plugins', randomBytes(6).toString('hex'));
  await mkdir(pluginsDir, { recursive: true });
  t.teardown(() => rm(pluginsDir, { recursive: true, force: true }));
  const addPlugin = (fixture: string) => cp(fixturePlugin(fixture), path.join(pluginsDir, fixture), { recursive: true });
  for (const p of options.plugins ?? []) await addPlugin(p);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXUS_DATA_DIR: dataDir,
    NEXUS_PLUGINS_DIR: pluginsDir,
    NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/fixtures/profiles/test-profile.yaml'),
    NEXUS_API_PORT: '0',
    NEXUS_MCP_PORT: '0',
    NEXUS_LOG_LEVEL: 'silent',
    ...options.env,
  };
  return {
    env,
    dataDir,
    pluginsDir,
    addPlugin,
    removePlugin: (name) => rm(path.join(pluginsDir, name), { recursive: true, force: true }),
  };
}
