// Boots the kernel with a copy of plugins/dige (and optional fixture plugins) against an in-process simulator, capturing every log line.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createKernel, type Kernel } from '../../../../kernel/boot/create-kernel.ts';
import { createSimulator, type Simulator } from '../../../../plugins/dige/sim/simulator.ts';
import { createTestEnv, fixturePlugin, projectRoot } from '../../../helpers/test-env.ts';
import { APP_KEY, APP_SECRET } from './dige-rig.ts';

export interface KernelRig {
  readonly kernel: Kernel;
  readonly sim: Simulator;
  readonly logs: string[];
  token(userId: string, role: string): Promise<string>;
  /** Every stored document of the Dige collections, as one JSON text to search. */
  storedText(): Promise<string>;
  /** The credentials that must appear in no log line and no stored document. */
  secrets(): string[];
}

const DIGE_COLLECTIONS = ['dige_api_calls', 'dige_device_operations', 'dige_devices', 'dige_device_state_history'];

export async function startKernelRig(
  t: { teardown(fn: () => unknown): void },
  /** `fixtures`: shared fixture plugins (test/fixtures/plugins) to load beside Dige. */
  options: { process: 'api' | 'mcp'; fixtures?: string[] },
): Promise<KernelRig> {
  const sim = await createSimulator({ appKey: APP_KEY, appSecret: APP_SECRET, applyDelayMs: 0 });
  const url = await sim.listen(0);
  const te = await createTestEnv(t, {
    env: {
      NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/plugins/dige/fixtures/dige-profile.yaml'),
      NEXUS_LOG_LEVEL: 'debug',
      DIGE_PROVIDER_URL: url, DIGE_APP_KEY: APP_KEY, DIGE_APP_SECRET: APP_SECRET, DIGE_VERIFY_POLL_MS: '20', DIGE_VERIFY_TIMEOUT_MS: '2000',
    },
  });
  await cp(path.join(projectRoot, 'plugins/dige'), path.join(te.pluginsDir, 'dige'), { recursive: true });
  for (const name of options.fixtures ?? []) {
    await cp(fixturePlugin(name), path.join(te.pluginsDir, name), { recursive: true });
  }
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const kernel = await createKernel({ process: options.process, env: te.env, logDestination: sink, watchProfile: false });
  t.teardown(async () => {
    await kernel.close();
    await sim.close();
  });
  return {
    kernel, sim, logs,
    token: async (userId, role) => (await kernel.tokens.create({ userId, role })).token,
    storedText: async () => {
      const all = await Promise.all(DIGE_COLLECTIONS.map((c) => kernel.store.collection(c).find({}).toArray()));
      return JSON.stringify(all);
    },
    secrets: () => [APP_SECRET, ...sim.auth.issued()],
  };
}
