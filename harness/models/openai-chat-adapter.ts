// ModelAdapter for the OpenAI Chat Completions API and compatible servers (Ollama, vLLM, llama.cpp), JSON or streamed.
import type { Response } from 'undici';
import { answeredWithJson, createModelHttpClient, toModelError, type HttpClientDeps } from './http-client.ts';
import type { ModelAdapter } from './model-adapter.ts';
import { ModelError } from './model-errors.ts';
import { readApiKey, resolveModelSettings, type ModelSettings } from './model-settings.ts';
import { createOpenAIStreamAccumulator, fromOpenAIResponse, toOpenAIRequest } from './openai-wire.ts';
import { readSse } from '../../shared/http/sse-reader.ts';

async function readStream(response: Response, onTextDelta: ((delta: string) => void) | undefined) {
  if (!response.body) throw new ModelError('model_bad_response', 'the provider sent an empty stream');
  const accumulator = createOpenAIStreamAccumulator(onTextDelta);
  for await (const record of readSse(response.body as AsyncIterable<Uint8Array>)) {
    if (record.data === '[DONE]') break;
    accumulator.push(record.data);
  }
  return accumulator.finish();
}

export function createOpenAIChatAdapter(settings: ModelSettings, deps: HttpClientDeps = {}): ModelAdapter {
  const resolved = resolveModelSettings(settings);
  const http = createModelHttpClient(resolved, deps);
  const url = `${resolved.baseUrl}/chat/completions`;
  return {
    provider: 'openai',
    model: resolved.model,
    async call(request) {
      const key = readApiKey(resolved);
      const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
      const response = await http.postJson(url, headers, toOpenAIRequest(resolved, request), request.signal);
      try {
        if (resolved.stream && !answeredWithJson(response)) return await readStream(response, request.onTextDelta);
        const answer = fromOpenAIResponse(await response.json());
        // A streamed request answered in one piece still shows its text to whoever follows the stream.
        if (resolved.stream && answer.message.content !== '') request.onTextDelta?.(answer.message.content);
        return answer;
      } catch (err) {
        if (err instanceof SyntaxError) throw new ModelError('model_bad_response', `unreadable provider answer: ${err.message}`);
        throw toModelError(err, request.signal);
      }
    },
    close: () => http.close(),
  };
}
