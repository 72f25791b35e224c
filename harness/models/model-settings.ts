// Settings of one model endpoint; the API key is named by its environment variable and read only at call time.
import { Type, type Static } from 'typebox';
import { ModelError } from './model-errors.ts';

export const ModelSettingsSchema = Type.Object(
  {
    provider: Type.Union([Type.Literal('openai'), Type.Literal('anthropic')]),
    /** OpenAI style includes the version path (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` for Ollama); Anthropic style does not (`https://api.anthropic.com`). */
    baseUrl: Type.String({ minLength: 1 }),
    model: Type.String({ minLength: 1 }),
    /** Name of the environment variable holding the key; omit for local servers that need none. */
    apiKeyEnv: Type.Optional(Type.String({ minLength: 1 })),
    stream: Type.Optional(Type.Boolean()),
    maxTokens: Type.Optional(Type.Integer({ minimum: 1 })),
    temperature: Type.Optional(Type.Number({ minimum: 0 })),
    /** Connect, time-to-headers and idle-between-chunks deadline of one attempt. */
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
    maxRetries: Type.Optional(Type.Integer({ minimum: 0 })),
    retryBaseDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
    retryMaxDelayMs: Type.Optional(Type.Integer({ minimum: 0 })),
    /** A Retry-After longer than this is not waited for; the call fails as rate limited instead. */
    maxRetryAfterMs: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type ModelSettings = Static<typeof ModelSettingsSchema>;

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
