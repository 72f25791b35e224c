// Boots Dige with the kit (and optional stand-in plugins) against an in-process simulator, capturing every log line.
import path from 'node:path';
import type { AnyPluginDefinition } from '../../../../kernel/plugins/define-plugin.ts';
import { startTestPlugin, type TestPlugin } from '../../../../kernel/testing/index.ts';
import dige from '../../../../plugins/dige/plugin.ts';
import { createSimulator, type Simulator } from '../../../../plugins/dige/sim/simulator.ts';
import type { DigeServices } from '../../../../plugins/dige/svc/dige-services.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { APP_KEY, APP_SECRET } from './dige-rig.ts';

export interface KernelRig extends TestPlugin<DigeServices> {
  readonly sim: Simulator;
  /** Every stored document of the Dige collections, as one JSON text to search. */
  storedText(): Promise<string>;
  /** The credentials that must appear in no log line and no stored document. */
  secrets(): string[];
}

const DIGE_COLLECTIONS = ['dige_api_calls', 'dige_device_operations', 'dige_devices', 'dige_device_state_history'];

export async function startKernelRig(
  t: { teardown(fn: () => unknown): void },
  /** `plugins`: stand-ins loaded beside Dige (the fake scheduler). */
  options: { process: 'api' | 'mcp'; plugins?: readonly AnyPluginDefinition[] },
): Promise<KernelRig> {
  const sim = await createSimulator({ appKey: APP_KEY, appSecret: APP_SECRET, applyDelayMs: 0 });
  t.teardown(() => sim.close());
  const url = await sim.listen(0);
  const plugin = await startTestPlugin(dige, {
    t, process: options.process, plugins: options.plugins,
    profile: path.join(projectRoot, 'test/plugins/dige/fixtures/dige-profile.yaml'),
    env: {
      NEXUS_LOG_LEVEL: 'debug',
      DIGE_PROVIDER_URL: url, DIGE_APP_KEY: APP_KEY, DIGE_APP_SECRET: APP_SECRET, DIGE_VERIFY_POLL_MS: '20', DIGE_VERIFY_TIMEOUT_MS: '2000',
    },
  });
  return {
    ...plugin,
    sim,
    storedText: async () => {
      const all = await Promise.all(DIGE_COLLECTIONS.map((c) => plugin.store.collection(c).find({}).toArray()));
      return JSON.stringify(all);
    },
    secrets: () => [APP_SECRET, ...sim.auth.issued()],
  };
}
