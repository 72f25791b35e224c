// ModelAdapter for the Anthropic Messages API, JSON or streamed (text_delta and input_json_delta events).
import type { Response } from 'undici';
import { ANTHROPIC_VERSION, createAnthropicStreamAccumulator, fromAnthropicResponse, toAnthropicRequest } from './anthropic-wire.ts';
import { answeredWithJson, createModelHttpClient, toModelError, type HttpClientDeps } from './http-client.ts';
import type { ModelAdapter } from './model-adapter.ts';
import { ModelError } from './model-errors.ts';
import { readApiKey, resolveModelSettings, type ModelSettings } from './model-settings.ts';
import { readSse } from '../../shared/http/sse-reader.ts';

async function readStream(response: Response, onTextDelta: ((delta: string) => void) | undefined) {
  if (!response.body) throw new ModelError('model_bad_response', 'the provider sent an empty stream');
  const accumulator = createAnthropicStreamAccumulator(onTextDelta);
  for await (const record of readSse(response.body as AsyncIterable<Uint8Array>)) {
    accumulator.push(record.data);
    if (record.event === 'message_stop') break;
  }
  return accumulator.finish();
}

export function createAnthropicMessagesAdapter(settings: ModelSettings, deps: HttpClientDeps = {}): ModelAdapter {
  const resolved = resolveModelSettings(settings);
  const http = createModelHttpClient(resolved, deps);
  const url = `${resolved.baseUrl}/v1/messages`;
  return {
    provider: 'anthropic',
    model: resolved.model,
    async call(request) {
      const key = readApiKey(resolved);
      const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
      if (key !== undefined) headers['x-api-key'] = key;
      const response = await http.postJson(url, headers, toAnthropicRequest(resolved, request), request.signal);
      try {
        if (resolved.stream && !answeredWithJson(response)) return await readStream(response, request.onTextDelta);
        const answer = fromAnthropicResponse(await response.json());
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
