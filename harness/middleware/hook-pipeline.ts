// Runs a middleware list's hooks in order (on_error in reverse) and composes its wrap hooks around model and tool calls.
import type { Message } from '../../shared/contracts/messages.ts';
import type { ModelCallResponse } from '../models/model-adapter.ts';
import type { InvocationOutcome } from '../tools/tool-invoker.ts';
import { compose, type WrapHandler } from './compose.ts';
import type {
  AgentEndContext,
  AgentStartContext,
  ErrorContext,
  Middleware,
  ModelCallContext,
  ModelPrepareContext,
  ModelResultContext,
  ToolHookContext,
  ToolResultContext,
} from './middleware.ts';

export interface HookPipeline {
  beforeAgent(ctx: AgentStartContext): Promise<void>;
  /** Returns the history to send, as the last before_model hook left it. */
  beforeModel(ctx: ModelPrepareContext): Promise<Message[]>;
  callModel(ctx: ModelCallContext, terminal: (ctx: ModelCallContext) => Promise<ModelCallResponse>): Promise<ModelCallResponse>;
  afterModel(ctx: ModelResultContext): Promise<void>;
  beforeTool(ctx: ToolHookContext): Promise<void>;
  callTool(ctx: ToolHookContext, terminal: (ctx: ToolHookContext) => Promise<InvocationOutcome>): Promise<InvocationOutcome>;
  afterTool(ctx: ToolResultContext): Promise<void>;
  afterAgent(ctx: AgentEndContext): Promise<void>;
  /** Never throws: the run is already failing, so hook errors are returned to be reported with it. */
  onError(ctx: ErrorContext): Promise<string[]>;
}

export function createHookPipeline(middleware: readonly Middleware[]): HookPipeline {
  const modelWraps: WrapHandler<ModelCallContext, ModelCallResponse>[] = [];
  const toolWraps: WrapHandler<ToolHookContext, InvocationOutcome>[] = [];
  for (const m of middleware) {
    if (m.wrapModelCall) modelWraps.push(m.wrapModelCall.bind(m));
    if (m.wrapToolCall) toolWraps.push(m.wrapToolCall.bind(m));
  }
  const reversed = [...middleware].reverse();

  return {
    async beforeAgent(ctx) {
      for (const m of middleware) await m.beforeAgent?.(ctx);
    },
    async beforeModel(ctx) {
      let messages = [...ctx.messages];
      for (const m of middleware) {
        const update = await m.beforeModel?.({ ...ctx, messages });
        if (update?.messages) messages = update.messages;
      }
      return messages;
    },
    callModel(ctx, terminal) {
      return compose(modelWraps, terminal)(ctx);
    },
    async afterModel(ctx) {
      for (const m of middleware) await m.afterModel?.(ctx);
    },
    async beforeTool(ctx) {
      for (const m of middleware) await m.beforeTool?.(ctx);
    },
    callTool(ctx, terminal) {
      return compose(toolWraps, terminal)(ctx);
    },
    async afterTool(ctx) {
      for (const m of middleware) await m.afterTool?.(ctx);
    },
    async afterAgent(ctx) {
      for (const m of middleware) await m.afterAgent?.(ctx);
    },
    async onError(ctx) {
      const failures: string[] = [];
      for (const m of reversed) {
        try {
          await m.onError?.(ctx);
        } catch (err) {
          failures.push(`${m.name}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return failures;
    },
  };
}
