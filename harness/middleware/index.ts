// Public surface of the middleware layer: the hook types, the compose engine and the shipped middleware.
export type {
  AgentEndContext,
  AgentStartContext,
  ErrorContext,
  HookRun,
  Middleware,
  ModelCallContext,
  ModelPrepareContext,
  ModelPrepareUpdate,
  ModelResultContext,
  ToolHookContext,
  ToolResultContext,
} from './middleware.ts';
export type { Summarizer } from './summarization.ts';
export type { UsageReport } from './usage.ts';
export { compose } from './compose.ts';
export { createLoggingMiddleware } from './logging.ts';
export { createUsageMiddleware } from './usage.ts';
export { createTracingMiddleware } from './tracing.ts';
export { createLimitsMiddleware } from './limits.ts';
export { createModelSummarizer, createSummarizationMiddleware } from './summarization.ts';
