// Builds the ModelAdapter a settings block names, after checking the settings' shape.
import { formatIssue, schemaIssues } from '../../shared/errors/schema-check.ts';
import { createAnthropicMessagesAdapter } from './anthropic-messages-adapter.ts';
import type { HttpClientDeps } from './http-client.ts';
import type { ModelAdapter } from './model-adapter.ts';
import { ModelSettingsSchema, type ModelSettings } from './model-settings.ts';
import { createOpenAIChatAdapter } from './openai-chat-adapter.ts';

export function createModelAdapter(settings: ModelSettings, deps: HttpClientDeps = {}): ModelAdapter {
  const issues = schemaIssues(ModelSettingsSchema, settings);
  if (issues) throw new Error(`invalid model settings: ${issues.map(formatIssue).join('; ')}`);
  return settings.provider === 'openai' ? createOpenAIChatAdapter(settings, deps) : createAnthropicMessagesAdapter(settings, deps);
}
