// Runs one Nexus process: starts tracing, turns configuration errors into a one-line message and exit code 2, closes cleanly on SIGINT/SIGTERM.
import { ConfigError } from '../config/load-config.ts';
import { ProfileError } from '../contracts/profile.ts';
import { startTelemetry } from '../telemetry/start-telemetry.ts';

export interface RunningProcess {
  close(): Promise<void>;
}

/**
 * Tracing starts before `start` so that what `start` imports (the MongoDB driver above all) is instrumented; the
 * entrypoints therefore import the application inside `start`. The process is named `nexus-<name>` in traces.
 */
export async function runProcess(name: string, start: () => Promise<RunningProcess>): Promise<void> {
  let running: RunningProcess;
  const telemetry = await startTelemetry(`nexus-${name}`);
  try {
    running = await start();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ProfileError) {
      process.stderr.write(`nexus ${name}: ${err.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`nexus ${name}: failed to start: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    running.close().then(telemetry.shutdown).then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`nexus ${name}: unclean shutdown after ${signal}: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
