// The plugin test kit (imported as 'nexus/kernel/testing', by tests only): boot one plugin, drive time, script the harness.
export { startTestPlugin } from './start-test-plugin.ts';
export type { TestPlugin, TestPluginOptions } from './start-test-plugin.ts';
export { ManualClock } from './manual-clock.ts';
export { startHarnessDouble, result } from './harness-double.ts';
export type { HarnessDouble } from './harness-double.ts';
export { ensureCollections } from '../plugins/ensure-collections.ts';
