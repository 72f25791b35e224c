// The kernel processes' configuration: the kernel's variable table read through the shared config mechanism.
import { loadConfigFrom, type ConfigOf } from '../../shared/config/load-config.ts';
import { configVars } from './config-vars.ts';

export { ConfigError } from '../../shared/config/load-config.ts';
export type NexusConfig = ConfigOf<typeof configVars>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): NexusConfig {
  return loadConfigFrom(configVars, env, cwd);
}
