// Settings of one model endpoint, as the profile's `model` section holds them; the API key is named by its environment variable.
import { Type, type Static } from 'typebox';

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
