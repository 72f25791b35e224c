// The plugin's settings: the longest message and how often the notification stream looks for new messages.
import { Type } from 'typebox';
import { loadConfigFrom, type ConfigVar } from 'nexus/kernel';

/** Every variable with its schema, default and meaning: the single source for the loader and the README table. */
export const chipchatConfigVars = {
  maxMessageChars: { env: 'CHIPCHAT_MAX_MESSAGE_CHARS', schema: Type.Integer({ minimum: 1, maximum: 20_000 }), default: '4000', description: 'Longest message a user, an agent or a reminder may post, in characters.' },
  notifyPollMs: { env: 'CHIPCHAT_NOTIFY_POLL_MS', schema: Type.Integer({ minimum: 10, maximum: 60_000 }), default: '1000', description: 'How often an open notification stream looks in the store for new messages (written by any process).' },
} as const satisfies Record<string, ConfigVar>;

export interface ChipchatConfig {
  readonly maxMessageChars: number;
  readonly notifyPollMs: number;
}

export function loadChipchatConfig(env: NodeJS.ProcessEnv = process.env): ChipchatConfig {
  return loadConfigFrom(chipchatConfigVars, env, process.cwd());
}
