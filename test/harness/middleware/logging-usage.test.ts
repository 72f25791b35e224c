// Logging carries run and tool-call ids and never arguments; usage is reported per call and a token budget stops runs.
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { createLoggingMiddleware } from '../../../harness/middleware/logging.ts';
import { createUsageMiddleware, type UsageReport } from '../../../harness/middleware/usage.ts';
import { request, testRunner } from '../fixtures.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

t.test('logs run, model and tool spans with ids, without arguments', async (t) => {
  const { logger, lines } = capture();
  let clock = 0;
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'private detail' } }] }, { text: 'done' }],
    middleware: [createLoggingMiddleware({ logger, now: () => (clock += 5) })],
  });
  const req = request();
  await runner.invoke(req);
  t.same(lines.map((line) => line.msg), ['run started', 'model call', 'tool call', 'model call', 'run finished']);
  for (const line of lines) t.match(line, { runId: req.runId, threadId: 'thread-1', correlationId: 'corr-1' });
  t.match(lines[2], { span: 'tool', toolCallId: 'call_1', tool: 'echo', outcome: 'ok', durationMs: 5 });
  t.match(lines[1], { span: 'model', toolCalls: [{ toolCallId: 'call_1', tool: 'echo' }] });
  t.notOk(JSON.stringify(lines).includes('private detail'), 'arguments are not logged');
});

t.test('logs the failure with its code and node', async (t) => {
  const { logger, lines } = capture();
  const { runner } = testRunner({ script: [], middleware: [createLoggingMiddleware({ logger })] });
  await runner.invoke(request());
  t.match(lines.find((line) => line.msg === 'run failed'), { level: 50, code: 'internal_error', node: 'model' });
});

t.test('usage is reported per model call with the run total', async (t) => {
  const reports: UsageReport[] = [];
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }], usage: { inputTokens: 100, outputTokens: 10, totalTokens: 110 } }, { text: 'ok' }],
    middleware: [createUsageMiddleware({ onUsage: (report) => reports.push(report) })],
  });
  const result = await runner.invoke(request());
  t.same(reports.map((r) => [r.call.totalTokens, r.total.totalTokens, r.modelCalls]), [[110, 110, 1], [15, 125, 2]]);
  t.same(result.usage, { inputTokens: 110, outputTokens: 15, totalTokens: 125 });
});

t.test('a token budget stops the run before the next model call', async (t) => {
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }], usage: { inputTokens: 900, outputTokens: 200, totalTokens: 1100 } }, { text: 'never' }],
    middleware: [createUsageMiddleware()],
  });
  const result = await runner.invoke(request({ limits: { maxTotalTokens: 1000 } }));
  t.match(result, { status: 'failed', modelCalls: 1, error: { code: 'limit_exceeded', message: /budget of 1000/ } });
  t.equal(result.toolCalls[0]?.status, 'succeeded');
});
