// Runs one Nexus process: turns configuration errors into a one-line message and exit code 2, and closes cleanly on SIGINT/SIGTERM.
import { ConfigError } from '../config/load-config.ts';
import { ProfileError } from '../contracts/profile.ts';

export interface RunningProcess {
  close(): Promise<void>;
}

export async function runProcess(name: string, start: () => Promise<RunningProcess>): Promise<void> {
  let running: RunningProcess;
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
    running.close().then(
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
