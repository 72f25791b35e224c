// Public surface of the model layer: the ModelAdapter port, its provider adapters and its settings.
export type { ModelAdapter, ModelCallRequest, ModelCallResponse, ModelToolSpec } from './model-adapter.ts';
export type { ModelSettings } from './model-settings.ts';
export type { HttpClientDeps } from './http-client.ts';
export type { ScriptedModelAdapter, ScriptedTurn, ScriptStep } from './scripted-model-adapter.ts';
export { ModelSettingsSchema } from './model-settings.ts';
export { ModelError, isModelError, type ModelErrorCode } from './model-errors.ts';
export { createModelAdapter } from './create-model-adapter.ts';
export { createOpenAIChatAdapter } from './openai-chat-adapter.ts';
export { createAnthropicMessagesAdapter } from './anthropic-messages-adapter.ts';
export { createScriptedModelAdapter } from './scripted-model-adapter.ts';
