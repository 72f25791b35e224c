// The kernel's public entry: the only kernel module a plugin imports (as 'nexus/kernel').
export { definePlugin } from './plugins/define-plugin.ts';
export { coreServices } from './plugins/core-services.ts';
export type { ClockService, PluginConfig, ProfileReader } from './plugins/core-services.ts';
export type {
  PluginDefinition,
  PluginContext,
  Provide,
  PluginRouter,
  BackgroundService,
  CollectionSpec,
  IndexSpec,
  PermissionSpec,
  NexusProcess,
  IdentityResolver,
  CliCommand,
  DevProcess,
} from './plugins/define-plugin.ts';
export type { Migration, MigrationContext } from './migrations/migration.ts';
export { systemClock, systemTimers } from './kit/clock.ts';
export type { Clock, Timers } from './kit/clock.ts';
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, Page, PageLimit, PageOffset, PageQuery, pageRequest, pagedFind } from './kit/paging.ts';
export type { PageRequest } from './kit/paging.ts';
export { toolAnnotations } from './kit/tool-annotations.ts';
export { retryPolicy } from './kit/retry-policy.ts';
export { defineTool } from './plugins/define-tool.ts';
export type { ToolDefinition, ToolAnnotations, ToolCallContext } from './plugins/define-tool.ts';
export { createServiceRef } from './plugins/service-ref.ts';
export type { ServiceRef } from './plugins/service-ref.ts';
export { AppError, defineErrors, isAppError } from '../shared/errors/app-error.ts';
export type { ErrorSpec, ErrorFactory } from '../shared/errors/app-error.ts';
export { toErrorBody } from '../shared/errors/error-body.ts';
export type { ErrorBody } from '../shared/errors/error-body.ts';
export { kernelErrors } from './errors/kernel-errors.ts';
export type { Identity, AccessPolicy } from './identity/identity.ts';
export type {
  ScheduledTaskExecutor,
  ExecutorRegistry,
  ExecutionContext,
  ExecutionResult,
  RetryPolicy,
} from './contracts/scheduled-task-executor.ts';
export type { DocumentStore, StoreCollection, StoreCursor } from '../shared/store/port.ts';
export { isDuplicateKeyError } from '../shared/store/port.ts';
export { writeComment, writeEvent } from '../shared/http/server-sent-events.ts';
export { openEventStream, wantsEventStream } from './http/event-stream.ts';
export { schemaIssues, summarizeIssues, formatIssue } from '../shared/errors/schema-check.ts';
export type { SchemaIssue, SchemaCheckOptions } from '../shared/errors/schema-check.ts';
export type { Logger } from 'pino';
export { taskServiceRef, TaskSchedule, TaskView, CreateTaskInput, TaskStatus, createdViaMcp } from './contracts/task-service.ts';
export type { TaskService, TaskListFilter } from './contracts/task-service.ts';
export type { AgentRunService, AgentRunInput, AgentRunOutcome, AgentRunSettled, AgentRunListener } from './contracts/agent-run-service.ts';
export { groundingNotice } from '../shared/contracts/run-result.ts';
export { loadConfigFrom, ConfigError } from '../shared/config/load-config.ts';
export type { ConfigVar, ConfigOf } from '../shared/config/load-config.ts';
export type { Filter, Sort, UpdateFilter, WithId, Document } from '../shared/store/port.ts';
export { inSpan, SpanKind } from '../shared/telemetry/spans.ts';
