// A minimal OpenAI-compatible Chat Completions client for answers: one non-streamed request, plain text back.
import { secretFromEnv } from '../../config.ts';
import type { AnswerModelSettings } from '../../domain/model-settings.ts';
import { errors } from '../../errors.ts';
import type { ChatModel } from '../../svc/ports.ts';

interface WireAnswer {
  choices?: { message?: { content?: unknown } }[];
}

export function createOpenAIChatModel(settings: AnswerModelSettings): ChatModel {
  return {
    model: settings.model,
    async complete(messages, signal) {
      const key = settings.apiKeyEnv === undefined ? undefined : secretFromEnv(settings.apiKeyEnv);
      if (settings.apiKeyEnv !== undefined && key === undefined) {
        throw errors.rag_model_failed({ reason: 'api key missing' }, `Environment variable ${settings.apiKeyEnv} (the model API key) is not set.`);
      }
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      let response: Response;
      try {
        response = await fetch(`${settings.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
          body: JSON.stringify({
            model: settings.model,
            messages,
            stream: false,
            ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
            ...(settings.maxTokens !== undefined ? { max_tokens: settings.maxTokens } : {}),
          }),
          signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
        });
      } catch (err) {
        signal?.throwIfAborted();
        throw errors.rag_model_failed({ reason: (err as Error).name }, `The answer model at ${settings.baseUrl} could not be reached.`);
      }
      if (!response.ok) throw errors.rag_model_failed({ status: response.status }, `The answer model answered HTTP ${response.status}.`);
      let body: WireAnswer;
      try {
        body = (await response.json()) as WireAnswer;
      } catch {
        throw errors.rag_model_failed({ reason: 'not JSON' }, 'The answer model sent an unreadable answer.');
      }
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw errors.rag_model_failed({ reason: 'no message content' }, 'The answer model sent no text.');
      return content;
    },
  };
}
