// The framework-native tools the harness injects into every run, whatever the role or skill.
import type { ToolDefinition } from '../tool-source.ts';
import { requestHumanInputTool } from './request-human-input.ts';

export { REQUEST_HUMAN_INPUT, humanInputQuestion, requestHumanInputTool } from './request-human-input.ts';

export const nativeTools: readonly ToolDefinition[] = [requestHumanInputTool];
