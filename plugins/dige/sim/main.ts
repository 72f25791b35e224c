// Entry point of the Dige simulator process: one shared simulated provider on loopback for every Nexus process (npm start runs it).
import { ConfigError } from 'nexus/kernel';
import { loadDigeConfig } from '../config.ts';
import { createSimulator } from './simulator.ts';

let config;
try {
  config = loadDigeConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`dige-sim: ${err.message}\n`);
  // Exit code 2 tells the launcher this is a configuration error, not worth a restart.
  process.exit(2);
}

const sim = await createSimulator({
  appKey: config.provider.appKey,
  appSecret: config.provider.appSecret,
  stateFile: config.sim.stateFile,
  applyDelayMs: config.sim.applyDelayMs,
});
const url = await sim.listen(config.sim.port, '127.0.0.1');
process.stdout.write(`Dige simulator listening on ${url} (state in ${config.sim.stateFile})\n`);
if (!config.provider.simulated) process.stdout.write('DIGE_PROVIDER_URL is set, so Nexus talks to that provider, not to this simulator.\n');

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sim.close().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`dige-sim: unclean shutdown: ${String(err)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
