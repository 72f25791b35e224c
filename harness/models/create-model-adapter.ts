// Builds the ModelAdapter a settings block names, after checking the settings' shape.
import { Value } from 'typebox/value';
import { createAnthropicMessagesAdapter } from './anthropic-messages-adapter.ts';
import type { HttpClientDeps } from './http-client.ts';
import type { ModelAdapter } from './model-adapter.ts';
import { ModelSettingsSchema, type ModelSettings } from './model-settings.ts';
import { createOpenAIChatAdapter } from './openai-chat-adapter.ts';

export function createModelAdapter(settings: ModelSettings, deps: HttpClientDeps = {}): ModelAdapter {
  const problems = Value.Errors(ModelSettingsSchema, settings);
  if (problems.length > 0) {
    const list = problems.map((problem) => `${problem.instancePath || '/'} ${problem.message}`).join('; ');
    throw new Error(`invalid model settings: ${list}`);
  }
  return settings.provider === 'openai' ? createOpenAIChatAdapter(settings, deps) : createAnthropicMessagesAdapter(settings, deps);
}
