// Entry point of the harness process (:9011): a configuration or profile error exits 2 naming the problem; SIGINT/SIGTERM close cleanly.
import { ConfigError } from '../shared/config/load-config.ts';
import { ProfileError } from '../shared/contracts/profile.ts';
import { loadHarnessConfig } from './config/harness-config.ts';
import { startHarness, type RunningHarness } from './runtime/start-harness.ts';

function fail(err: unknown): never {
  if (err instanceof ConfigError || err instanceof ProfileError) {
    process.stderr.write(`nexus harness: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`nexus harness: failed to start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
}

let running: RunningHarness;
try {
  running = await startHarness(loadHarnessConfig());
} catch (err) {
  fail(err);
}

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`nexus harness: unclean shutdown after ${signal}: ${String(err)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
