// Entry point of the harness process (:9011): a configuration or profile error exits 2 naming the problem; SIGINT/SIGTERM close cleanly.
import { runProcess } from '../shared/process/run-process.ts';

// The application is imported after tracing started (see runProcess).
await runProcess('harness', async () => {
  const { loadHarnessConfig } = await import('./config/harness-config.ts');
  const { startHarness } = await import('./runtime/start-harness.ts');
  return startHarness(loadHarnessConfig());
});
