// Limits and loop detection stop the run cleanly as failed with a clear reason, every tool call still paired.
import t from 'tap';
import { createLimitsMiddleware } from '../../../harness/middleware/limits.ts';
import { recordingCheckpointer, request, testRunner, toolMessages } from '../fixtures.ts';

function allPaired(state: { messages: Array<{ role: string; tool_calls?: Array<{ id: string }>; tool_call_id?: string }> }) {
  const calls = state.messages.flatMap((m) => m.tool_calls?.map((c) => c.id) ?? []);
  const answers = state.messages.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : []));
  return JSON.stringify(calls) === JSON.stringify(answers);
}

t.test('loop detection: the same call with the same arguments N times stops the run', async (t) => {
  const checkpointer = recordingCheckpointer();
  const repeat = { toolCalls: [{ name: 'echo', arguments: { text: 'again' } }] };
  const { runner } = testRunner({ script: [repeat, repeat, repeat, { text: 'never' }], checkpointer, middleware: [createLimitsMiddleware({ loopThreshold: 3 })] });
  const result = await runner.invoke(request());
  t.equal(result.status, 'failed');
  t.match(result.error, { code: 'loop_detected', message: 'the model called echo with the same arguments 3 times', node: 'model' });
  t.same(result.toolCalls.map((r) => r.status), ['succeeded', 'succeeded', 'refused']);
  t.match(result.toolCalls[2]?.refusal, { code: 'run_stopped', message: /same arguments 3 times/ });
  t.ok(allPaired(checkpointer.saved.at(-1)!), 'every call has its ToolMessage');
});

t.test('loop detection ignores key order and counts refused calls too', async (t) => {
  const { runner } = testRunner({
    script: [
      { toolCalls: [{ name: 'add', arguments: { a: 1, b: 'x' } }] },
      { toolCalls: [{ name: 'add', arguments: { b: 'x', a: 1 } }] },
      { text: 'stopped before this' },
    ],
    middleware: [createLimitsMiddleware()],
  });
  const result = await runner.invoke(request({ limits: { loopThreshold: 2 } }));
  t.match(result.error, { code: 'loop_detected' });
});

t.test('model-call limit stops the run before the next model call', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: '1' } }] }, { toolCalls: [{ name: 'echo', arguments: { text: '2' } }] }, { text: 'x' }],
    checkpointer,
    middleware: [createLimitsMiddleware()],
  });
  const result = await runner.invoke(request({ limits: { maxModelCalls: 2 } }));
  t.match(result, { status: 'failed', modelCalls: 2, error: { code: 'limit_exceeded', message: 'the run reached its limit of 2 model calls' } });
  t.equal(toolMessages(checkpointer.saved.at(-1)!).length, 2);
  t.ok(allPaired(checkpointer.saved.at(-1)!));
});

t.test('tool-call limit refuses a batch that would exceed it; its calls are answered as not run', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({
    script: [
      { toolCalls: [{ name: 'echo', arguments: { text: '1' } }] },
      { toolCalls: [{ name: 'echo', arguments: { text: '2' } }, { name: 'echo', arguments: { text: '3' } }] },
    ],
    checkpointer,
    middleware: [createLimitsMiddleware({ maxToolCalls: 2 })],
  });
  const result = await runner.invoke(request());
  t.match(result.error, { code: 'limit_exceeded', message: /more than the run's limit of 2 tool calls/ });
  t.same(result.toolCalls.map((r) => r.status), ['succeeded', 'refused', 'refused']);
  t.ok(allPaired(checkpointer.saved.at(-1)!));
});
