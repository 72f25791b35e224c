// Structured logging and tracing: one child logger per run (run, thread, correlation ids), spans for model and tool calls.
import type { Logger } from 'pino';
import type { HookRun, Middleware } from './middleware.ts';

export interface LoggingOptions {
  logger: Logger;
  now?: () => number;
}

/** Arguments and results are not logged: they can carry personal data, and the audit trail keeps them anyway. */
export function createLoggingMiddleware(options: LoggingOptions): Middleware {
  const now = options.now ?? Date.now;
  const forRun = (run: HookRun) =>
    options.logger.child({
      runId: run.runId,
      threadId: run.threadId,
      correlationId: run.identity.correlationId,
      sessionId: run.identity.sessionId,
      userId: run.identity.userId,
    });
  // A child logger costs its bindings' serialisation; at a level that drops info lines, none is made for them.
  const infoFor = (run: HookRun) => (options.logger.isLevelEnabled('info') ? forRun(run) : undefined);
  return {
    name: 'logging',
    beforeAgent({ run, resumed }) {
      infoFor(run)?.info({ event: 'run_started', resumed, route: run.route, skill: run.skill }, 'run started');
    },
    async wrapModelCall(ctx, next) {
      const startedAt = now();
      try {
        const response = await next();
        infoFor(ctx.run)?.info(
          {
            span: 'model',
            durationMs: now() - startedAt,
            tools: ctx.request.tools.length,
            toolCalls: response.message.tool_calls.map((call) => ({ toolCallId: call.id, tool: call.name })),
            usage: response.usage,
            stopReason: response.stopReason,
          },
          'model call',
        );
        return response;
      } catch (err) {
        forRun(ctx.run).warn({ span: 'model', durationMs: now() - startedAt, err: (err as Error).message }, 'model call failed');
        throw err;
      }
    },
    async wrapToolCall(ctx, next) {
      const startedAt = now();
      const outcome = await next();
      infoFor(ctx.run)?.info(
        {
          span: 'tool',
          toolCallId: ctx.call.id,
          tool: ctx.call.name,
          durationMs: now() - startedAt,
          outcome: outcome.kind === 'result' ? (outcome.result.isError ? 'tool_error' : 'ok') : outcome.kind,
        },
        'tool call',
      );
      return outcome;
    },
    afterAgent({ run, result }) {
      infoFor(run)?.info(
        {
          event: 'run_finished',
          status: result.status,
          modelCalls: result.modelCalls,
          toolCalls: result.toolCalls.length,
          refused: result.toolCalls.filter((record) => record.refusal).map((record) => ({ toolCallId: record.toolCallId, code: record.refusal?.code })),
          usage: result.usage,
        },
        'run finished',
      );
    },
    onError({ run, error, node }) {
      forRun(run).error({ event: 'run_failed', code: error.code, node, message: error.message }, 'run failed');
    },
  };
}
