// For the tests that start real processes (CLI, worker): a plugins folder holding a copy of plugins/scheduler and the probe platform.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { createTestEnv, projectRoot, type TestEnv } from '../../../helpers/test-env.ts';

const here = path.join(projectRoot, 'test/plugins/scheduler');
export const SCHEDULER_PROFILE = path.join(here, 'fixtures/profile.yaml');

export async function createSchedulerTestEnv(t: { teardown(fn: () => unknown): void }, options: { probe?: boolean } = {}): Promise<TestEnv> {
  const te = await createTestEnv(t, { env: { NEXUS_RUNTIME_PROFILE_PATH: SCHEDULER_PROFILE } });
  await cp(path.join(projectRoot, 'plugins/scheduler'), path.join(te.pluginsDir, 'scheduler'), { recursive: true });
  if (options.probe ?? true) await cp(path.join(here, 'fixtures/plugins/probe'), path.join(te.pluginsDir, 'probe'), { recursive: true });
  return te;
}
