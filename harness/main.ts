// Entry point of the harness process (:9011): a configuration or profile error exits 2 naming the problem; SIGINT/SIGTERM close cleanly.
import { runProcess } from '../shared/process/run-process.ts';
import { loadHarnessConfig } from './config/harness-config.ts';
import { startHarness } from './runtime/start-harness.ts';

await runProcess('harness', () => startHarness(loadHarnessConfig()));
