// Public surface of the tools layer: the ToolSource and RunPolicy ports, the registry, validation and native tools.
export type { ToolCallContext, ToolDefinition, ToolResult, ToolSource } from './tool-source.ts';
export type { CallPolicyInput, CallVerdict, RunPolicy } from './run-policy.ts';
export type { RegisteredTool, ToolCatalog, ToolRegistry } from './tool-registry.ts';
export type { HiddenTool, HiddenReason, ToolVisibility } from './tool-visibility.ts';
export type { Timers } from './tool-invoker.ts';
export type { LocalTool } from './local-tool-source.ts';
export { createToolRegistry } from './tool-registry.ts';
export { createLocalToolSource } from './local-tool-source.ts';
export { createStaticRunPolicy } from './static-run-policy.ts';
export { checkArguments } from './argument-validator.ts';
export { computeToolVisibility } from './tool-visibility.ts';
export { systemTimers } from './tool-invoker.ts';
export { nativeTools, REQUEST_HUMAN_INPUT } from './builtins/index.ts';
