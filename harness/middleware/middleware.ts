// Middleware hook types: before_agent, before_model, wrap_model_call, after_model, before_tool, wrap_tool_call, after_tool, after_agent, on_error.
import type { Message, ToolCall } from '../../shared/contracts/messages.ts';
import type { RunIdentity, RunLimits } from '../../shared/contracts/run-request.ts';
import type { RunError, RunResult } from '../../shared/contracts/run-result.ts';
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import type { NodeName, RunState } from '../graph/run-state.ts';
import type { ModelCallRequest, ModelCallResponse } from '../models/model-adapter.ts';
import type { InvocationOutcome } from '../tools/tool-invoker.ts';

/** The run a hook runs for; ids for logs and traces. */
export interface HookRun {
  runId: string;
  threadId: string;
  identity: RunIdentity;
  route: string | undefined;
  skill: string | undefined;
  limits: RunLimits;
}

export interface AgentStartContext {
  run: HookRun;
  state: Readonly<RunState>;
  resumed: boolean;
}

export interface ModelPrepareContext {
  run: HookRun;
  state: Readonly<RunState>;
  /** The history as earlier before_model hooks left it. */
  messages: readonly Message[];
  /** The run's cancellation, for hooks that do I/O (a summariser calling a model). */
  signal: AbortSignal;
}

/** A before_model hook may replace the history (e.g. summarise it); the pairing invariant must still hold. */
export interface ModelPrepareUpdate {
  messages?: Message[];
}

/** `request` may be replaced or changed before calling next(), e.g. to filter tools. */
export interface ModelCallContext {
  run: HookRun;
  state: Readonly<RunState>;
  request: ModelCallRequest;
}

export interface ModelResultContext {
  run: HookRun;
  state: Readonly<RunState>;
  request: ModelCallRequest;
  response: ModelCallResponse;
  durationMs: number;
}

export interface ToolHookContext {
  run: HookRun;
  state: Readonly<RunState>;
  call: ToolCall;
  arguments: Record<string, unknown>;
}

export interface ToolResultContext {
  run: HookRun;
  state: Readonly<RunState>;
  call: ToolCall;
  record: ToolCallRecord;
}

export interface AgentEndContext {
  run: HookRun;
  result: RunResult;
}

export interface ErrorContext {
  run: HookRun;
  state: Readonly<RunState>;
  error: RunError;
  node: NodeName;
}

type Awaitable<T> = T | Promise<T>;

/**
 * Cross-cutting only: log, trace, count, filter, summarise. A hook that throws fails the run through the graph's
 * fail edge; routing, review pauses, authorization and terminal status stay in graph nodes and edges.
 */
export interface Middleware {
  readonly name: string;
  beforeAgent?(ctx: AgentStartContext): Awaitable<void>;
  beforeModel?(ctx: ModelPrepareContext): Awaitable<ModelPrepareUpdate | void>;
  wrapModelCall?(ctx: ModelCallContext, next: () => Promise<ModelCallResponse>): Promise<ModelCallResponse>;
  afterModel?(ctx: ModelResultContext): Awaitable<void>;
  beforeTool?(ctx: ToolHookContext): Awaitable<void>;
  wrapToolCall?(ctx: ToolHookContext, next: () => Promise<InvocationOutcome>): Promise<InvocationOutcome>;
  afterTool?(ctx: ToolResultContext): Awaitable<void>;
  afterAgent?(ctx: AgentEndContext): Awaitable<void>;
  onError?(ctx: ErrorContext): Awaitable<void>;
}
