// The answer model as the profile's `model` section describes it, read defensively: the section may be absent or of another provider.

export interface AnswerModelSettings {
  /** OpenAI style, with the version path: https://api.openai.com/v1, http://127.0.0.1:11434/v1. */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKeyEnv?: string;
  readonly timeoutMs: number;
  readonly temperature?: number;
  readonly maxTokens?: number;
}

export type ModelChoice = { readonly settings: AnswerModelSettings } | { readonly unavailable: string };

const DEFAULT_TIMEOUT_MS = 60_000;

export function answerModelFrom(profile: unknown): ModelChoice {
  const section = typeof profile === 'object' && profile !== null ? (profile as Record<string, unknown>)['model'] : undefined;
  if (typeof section !== 'object' || section === null) return { unavailable: 'no model is configured in the profile' };
  const m = section as Record<string, unknown>;
  const provider = m['provider'] ?? 'openai';
  if (provider !== 'openai') return { unavailable: `the profile's model provider "${String(provider)}" is not OpenAI-compatible` };
  if (typeof m['baseUrl'] !== 'string' || !/^https?:\/\/\S+$/.test(m['baseUrl']) || typeof m['model'] !== 'string' || m['model'] === '') {
    return { unavailable: "the profile's model section lacks a valid baseUrl or model" };
  }
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  return {
    settings: {
      baseUrl: m['baseUrl'].replace(/\/+$/, ''),
      model: m['model'],
      ...(typeof m['apiKeyEnv'] === 'string' && m['apiKeyEnv'] !== '' ? { apiKeyEnv: m['apiKeyEnv'] } : {}),
      timeoutMs: num(m['timeoutMs']) ?? DEFAULT_TIMEOUT_MS,
      ...(num(m['temperature']) !== undefined ? { temperature: num(m['temperature'])! } : {}),
      ...(num(m['maxTokens']) !== undefined ? { maxTokens: Math.floor(num(m['maxTokens'])!) } : {}),
    },
  };
}
