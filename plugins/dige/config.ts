// The plugin's settings: the provider's address and credentials and the simulator's settings, validated with TypeBox.
import path from 'node:path';
import { Type } from 'typebox';
import { ConfigError, loadConfigFrom, type ConfigVar } from 'nexus/kernel';

/** Credentials the simulator accepts when no real provider is configured; they open nothing outside it. */
export const SIM_APP_KEY = 'dige-sim-app';
const SIM_APP_SECRET = 'dige-sim-secret';

const ms = (max: number) => Type.Integer({ minimum: 0, maximum: max });

/** Every Dige variable, read through the kernel's one config mechanism. */
export const digeConfigVars = {
  providerUrl: { env: 'DIGE_PROVIDER_URL', schema: Type.String({ pattern: '^https?://[^\\s/]+(/.*)?$' }), description: 'Dige cloud API base URL; when empty, the bundled simulator at http://127.0.0.1:<DIGE_SIM_PORT>.' },
  appKey: { env: 'DIGE_APP_KEY', schema: Type.String({ minLength: 1, maxLength: 256 }), description: 'App key; required with DIGE_PROVIDER_URL.' },
  appSecret: { env: 'DIGE_APP_SECRET', schema: Type.String({ minLength: 1, maxLength: 1024 }), secret: true, description: 'App secret; required with DIGE_PROVIDER_URL; never shown.' },
  timeoutMs: { env: 'DIGE_PROVIDER_TIMEOUT_MS', schema: Type.Integer({ minimum: 100, maximum: 120_000 }), default: '5000', description: 'Timeout per provider request.' },
  verifyTimeoutMs: { env: 'DIGE_VERIFY_TIMEOUT_MS', schema: ms(600_000), default: '10000', description: 'How long a control waits for the provider to confirm the new state.' },
  verifyPollMs: { env: 'DIGE_VERIFY_POLL_MS', schema: Type.Integer({ minimum: 10, maximum: 60_000 }), default: '250', description: 'Time between verification reads.' },
  simPort: { env: 'DIGE_SIM_PORT', schema: Type.Integer({ minimum: 1, maximum: 65_535 }), default: '8300', description: 'Port of the bundled provider simulator.' },
  simApplyDelayMs: { env: 'DIGE_SIM_APPLY_DELAY_MS', schema: ms(600_000), default: '800', description: 'Simulated delay before a command takes effect.' },
  dataDir: { env: 'NEXUS_DATA_DIR', schema: Type.String({ minLength: 1 }), default: './data', path: true, description: 'The simulator keeps its state in <dir>/dige-sim/.' },
} as const satisfies Record<string, ConfigVar>;

export interface DigeConfig {
  readonly provider: {
    readonly baseUrl: string;
    readonly appKey: string;
    readonly appSecret: string;
    /** True when no DIGE_PROVIDER_URL is set and the client talks to the local simulator. */
    readonly simulated: boolean;
    readonly timeoutMs: number;
  };
  readonly verify: { readonly timeoutMs: number; readonly pollMs: number };
  readonly sim: { readonly port: number; readonly applyDelayMs: number; readonly stateFile: string };
}


/** Reads and checks the Dige variables; a real provider needs its key and secret, the simulator has its own. */
export function loadDigeConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): DigeConfig {
  const c = loadConfigFrom(digeConfigVars, env, cwd);
  if (c.providerUrl !== undefined) {
    if (c.appKey === undefined) throw new ConfigError('DIGE_APP_KEY', 'is required when DIGE_PROVIDER_URL is set');
    if (c.appSecret === undefined) throw new ConfigError('DIGE_APP_SECRET', 'is required when DIGE_PROVIDER_URL is set');
  }
  return {
    provider: {
      baseUrl: (c.providerUrl ?? `http://127.0.0.1:${c.simPort}`).replace(/\/+$/, ''),
      appKey: c.appKey ?? SIM_APP_KEY,
      appSecret: c.appSecret ?? SIM_APP_SECRET,
      simulated: c.providerUrl === undefined,
      timeoutMs: c.timeoutMs,
    },
    verify: { timeoutMs: c.verifyTimeoutMs, pollMs: c.verifyPollMs },
    sim: { port: c.simPort, applyDelayMs: c.simApplyDelayMs, stateFile: path.join(c.dataDir, 'dige-sim', 'state.json') },
  };
}
