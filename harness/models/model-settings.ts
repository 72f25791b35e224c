// Resolves a model endpoint's settings to their defaults; the API key is read from its environment variable only at call time.
import type { ModelSettings } from '../../shared/contracts/model-settings.ts';
import { ModelError } from './model-errors.ts';

export { ModelSettingsSchema, type ModelSettings } from '../../shared/contracts/model-settings.ts';

export interface ResolvedModelSettings extends ModelSettings {
  stream: boolean;
  timeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  maxRetryAfterMs: number;
}

export function resolveModelSettings(settings: ModelSettings): ResolvedModelSettings {
  return {
    ...settings,
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    stream: settings.stream ?? true,
    timeoutMs: settings.timeoutMs ?? 120_000,
    maxRetries: settings.maxRetries ?? 3,
    retryBaseDelayMs: settings.retryBaseDelayMs ?? 500,
    retryMaxDelayMs: settings.retryMaxDelayMs ?? 20_000,
    maxRetryAfterMs: settings.maxRetryAfterMs ?? 60_000,
  };
}

/** Undefined when no key is configured; a configured but unset variable is an error naming the variable, never a value. */
export function readApiKey(settings: ModelSettings): string | undefined {
  if (settings.apiKeyEnv === undefined) return undefined;
  const key = process.env[settings.apiKeyEnv];
  if (key === undefined || key === '') {
    throw new ModelError('model_api_key_missing', `environment variable ${settings.apiKeyEnv} (the model API key) is not set`);
  }
  return key;
}
