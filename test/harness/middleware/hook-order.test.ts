// Hook order over a whole run: before_agent ... after_agent in order, wrap hooks nested, on_error in reverse order.
import t from 'tap';
import type { Middleware } from '../../../harness/middleware/middleware.ts';
import { request, testRunner } from '../fixtures.ts';

function tracing(name: string, log: string[], options: { failIn?: 'beforeTool' } = {}): Middleware {
  return {
    name,
    beforeAgent: () => void log.push(`${name}.before_agent`),
    beforeModel: () => void log.push(`${name}.before_model`),
    async wrapModelCall(_ctx, next) {
      log.push(`${name}.wrap_model_call:in`);
      const response = await next();
      log.push(`${name}.wrap_model_call:out`);
      return response;
    },
    afterModel: () => void log.push(`${name}.after_model`),
    beforeTool: (ctx) => {
      log.push(`${name}.before_tool`);
      if (options.failIn === 'beforeTool' && ctx.call.id === 'call_2') throw new Error(`${name} refuses`);
    },
    async wrapToolCall(_ctx, next) {
      log.push(`${name}.wrap_tool_call:in`);
      const outcome = await next();
      log.push(`${name}.wrap_tool_call:out`);
      return outcome;
    },
    afterTool: () => void log.push(`${name}.after_tool`),
    afterAgent: () => void log.push(`${name}.after_agent`),
    onError: () => void log.push(`${name}.on_error`),
  };
}

t.test('hooks run in order around one tool round trip', async (t) => {
  const log: string[] = [];
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' }],
    middleware: [tracing('A', log), tracing('B', log)],
  });
  await runner.invoke(request());
  t.same(log, [
    'A.before_agent',
    'B.before_agent',
    'A.before_model',
    'B.before_model',
    'A.wrap_model_call:in',
    'B.wrap_model_call:in',
    'B.wrap_model_call:out',
    'A.wrap_model_call:out',
    'A.after_model',
    'B.after_model',
    'A.before_tool',
    'B.before_tool',
    'A.wrap_tool_call:in',
    'B.wrap_tool_call:in',
    'B.wrap_tool_call:out',
    'A.wrap_tool_call:out',
    'A.after_tool',
    'B.after_tool',
    'A.before_model',
    'B.before_model',
    'A.wrap_model_call:in',
    'B.wrap_model_call:in',
    'B.wrap_model_call:out',
    'A.wrap_model_call:out',
    'A.after_model',
    'B.after_model',
    'A.after_agent',
    'B.after_agent',
  ]);
});

t.test('on_error runs in reverse order; calls that ran keep their results, the rest are answered', async (t) => {
  const log: string[] = [];
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'first' } }, { name: 'echo', arguments: { text: 'second' } }] }],
    middleware: [tracing('A', log), tracing('B', log, { failIn: 'beforeTool' }), tracing('C', log)],
  });
  const result = await runner.invoke(request());
  t.equal(result.status, 'failed');
  t.match(result.error, { code: 'internal_error', message: 'B refuses', node: 'execute_tools' });
  t.same(log.filter((entry) => entry.endsWith('on_error')), ['C.on_error', 'B.on_error', 'A.on_error']);
  t.same(log.slice(-6), ['C.on_error', 'B.on_error', 'A.on_error', 'A.after_agent', 'B.after_agent', 'C.after_agent']);
  t.match(result.toolCalls, [
    { toolCallId: 'call_1', status: 'succeeded' },
    { toolCallId: 'call_2', status: 'refused', refusal: { code: 'run_stopped', message: /B refuses/ } },
  ]);
});

t.test('a throwing on_error hook does not hide the failure; it is reported with it', async (t) => {
  const { runner } = testRunner({
    script: [],
    middleware: [
      {
        name: 'noisy',
        onError: () => {
          throw new Error('hook broke too');
        },
      },
    ],
  });
  const result = await runner.invoke(request());
  t.equal(result.status, 'failed');
  t.match(result.error, { node: 'model', details: { hookErrors: ['noisy: hook broke too'] } });
});

t.test('a throwing before_agent hook fails the run through the fail node', async (t) => {
  const { runner } = testRunner({
    script: [{ text: 'never' }],
    middleware: [{ name: 'gate', beforeAgent: () => Promise.reject(new Error('not today')) }],
  });
  const result = await runner.invoke(request());
  t.match(result, { status: 'failed', error: { message: 'not today', node: 'initialize' }, modelCalls: 0 });
});

t.test('wrap_model_call may change the request, e.g. filter the offered tools', async (t) => {
  const { runner, model } = testRunner({
    script: [{ text: 'ok' }],
    middleware: [
      {
        name: 'filter',
        wrapModelCall(ctx, next) {
          ctx.request = { ...ctx.request, tools: ctx.request.tools.filter((tool) => tool.name === 'echo') };
          return next();
        },
      },
    ],
  });
  await runner.invoke(request());
  t.same(model.requests[0]?.tools.map((tool) => tool.name), ['echo']);
});
