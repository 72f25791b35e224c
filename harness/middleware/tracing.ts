// OpenTelemetry spans of a run by the GenAI conventions: invoke_agent per run, chat per model call, execute_tool per tool call.
import { context, trace, type Context, type Span } from '@opentelemetry/api';
import { inSpan, markFailed, SpanKind, tracer, type Attributes } from '../../shared/telemetry/spans.ts';
import type { ModelAdapter, ModelCallRequest, ModelCallResponse } from '../models/model-adapter.ts';
import type { HookRun, Middleware } from './middleware.ts';

export interface TracingOptions {
  /** The run's model endpoint: `gen_ai.provider.name` and `gen_ai.request.model`. */
  provider: string;
  model: string;
  /**
   * Whether prompts, answers, tool arguments and tool results go on the spans
   * (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true). Off by default: they can carry personal data.
   */
  captureContent: boolean;
}

interface TracedRun {
  span: Span;
  context: Context;
}

/** Why a run called its model: `agent` is the graph's own model node, the others are calls made on the side. */
export type ModelCallPurpose = 'agent' | 'routing' | 'summary';

/**
 * One model call as a `chat` CLIENT span: provider, model, token usage and finish reason; the request and the answer
 * only with the content opt-in. Every model call of a run goes through here, so they all have one shape.
 */
export function traceChat(
  options: TracingOptions,
  purpose: ModelCallPurpose,
  parent: Context,
  request: ModelCallRequest,
  call: () => Promise<ModelCallResponse>,
): Promise<ModelCallResponse> {
  const attributes: Attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': options.provider,
    'gen_ai.request.model': options.model,
    'nexus.model_call.purpose': purpose,
  };
  return inSpan(`chat ${options.model}`, { kind: SpanKind.CLIENT, attributes, parent }, async (span) => {
    if (options.captureContent) span.setAttribute('gen_ai.input.messages', JSON.stringify(request.messages));
    const response = await call();
    const finish = response.stopReason ?? (response.message.tool_calls.length > 0 ? 'tool_calls' : 'stop');
    span.setAttributes({
      'gen_ai.usage.input_tokens': response.usage.inputTokens,
      'gen_ai.usage.output_tokens': response.usage.outputTokens,
      'gen_ai.response.finish_reasons': [finish],
    });
    if (options.captureContent) span.setAttribute('gen_ai.output.messages', JSON.stringify([response.message]));
    return response;
  });
}

export interface TracingMiddleware extends Middleware {
  /**
   * `model` as a run uses it outside the model node (routing, summaries): each call is a `chat` span under that run's
   * invoke_agent span, or under the caller's span when the run is not traced here.
   */
  sideModel(model: ModelAdapter, runId: string, purpose: Exclude<ModelCallPurpose, 'agent'>): ModelAdapter;
}

/** How code that makes side calls gets its model for one run; without tracing it is the model itself. */
export type SideModel = (runId: string) => ModelAdapter;

/**
 * Spans of one runner. The invoke_agent span is opened in before_agent and closed in after_agent; model and tool
 * spans are its children whatever async context the graph runs them in. A review pause ends the span with an event;
 * the resumed run is a new invoke_agent span in the trace of the resume request.
 */
export function createTracingMiddleware(options: TracingOptions): TracingMiddleware {
  const runs = new Map<string, TracedRun>();
  const contextOf = (runId: string) => runs.get(runId)?.context ?? context.active();
  const parentOf = (run: HookRun) => contextOf(run.runId);
  const model: Attributes = { 'gen_ai.provider.name': options.provider, 'gen_ai.request.model': options.model };
  const content = (span: Span, name: string, value: unknown) => {
    if (options.captureContent) span.setAttribute(name, JSON.stringify(value));
  };

  return {
    name: 'tracing',
    beforeAgent({ run, resumed }) {
      const parent = context.active();
      const span = tracer().startSpan('invoke_agent', {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.operation.name': 'invoke_agent', ...model, 'gen_ai.conversation.id': run.threadId, 'nexus.run.id': run.runId, 'nexus.run.resumed': resumed },
      }, parent);
      runs.set(run.runId, { span, context: trace.setSpan(parent, span) });
    },
    wrapModelCall(ctx, next) {
      return traceChat(options, 'agent', parentOf(ctx.run), ctx.request, next);
    },
    sideModel(model, runId, purpose) {
      return { provider: model.provider, model: model.model, call: (request) => traceChat(options, purpose, contextOf(runId), request, () => model.call(request)) };
    },
    wrapToolCall(ctx, next) {
      const attributes: Attributes = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': ctx.call.name, 'gen_ai.tool.call.id': ctx.call.id, 'gen_ai.tool.type': 'function' };
      return inSpan(`execute_tool ${ctx.call.name}`, { kind: SpanKind.INTERNAL, attributes, parent: parentOf(ctx.run) }, async (span) => {
        content(span, 'gen_ai.tool.call.arguments', ctx.arguments);
        const outcome = await next();
        if (outcome.kind !== 'result') markFailed(span, outcome.kind);
        else {
          if (outcome.result.isError === true) markFailed(span, 'tool_error');
          content(span, 'gen_ai.tool.call.result', outcome.result);
        }
        return outcome;
      });
    },
    afterAgent({ run, result }) {
      const traced = runs.get(run.runId);
      if (traced === undefined) return;
      runs.delete(run.runId);
      const { span } = traced;
      span.setAttributes({
        'gen_ai.usage.input_tokens': result.usage.inputTokens,
        'gen_ai.usage.output_tokens': result.usage.outputTokens,
        'nexus.run.status': result.status,
        ...(result.route === undefined ? {} : { 'nexus.run.route': result.route }),
        ...(result.skill === undefined ? {} : { 'nexus.run.skill': result.skill }),
      });
      if (result.status === 'interrupted') {
        const pending = result.pendingReviews ?? [];
        span.addEvent('nexus.review.pending', {
          'gen_ai.tool.call.id': pending.map((review) => review.toolCallId),
          'gen_ai.tool.name': pending.map((review) => review.name),
        });
      }
      if (result.status === 'failed') markFailed(span, result.error?.code ?? 'failed');
      span.end();
    },
  };
}
