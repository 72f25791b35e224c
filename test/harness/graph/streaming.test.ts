// Streaming: event order, invoke and stream agree, and a consumer that stops reading cancels the run.
import t from 'tap';
import { createMemoryCheckpointer } from '../../../harness/graph/memory-checkpointer.ts';
import { collect, nextHang, recordingCheckpointer, request, testRunner } from '../fixtures.ts';

t.test('events arrive in order: run_started, text deltas, tool_call, tool_result, run_finished', async (t) => {
  const { runner } = testRunner({
    script: [
      { text: 'Let me check.', toolCalls: [{ name: 'echo', arguments: { text: 'x' } }, { name: 'nope', arguments: {} }] },
      { text: 'Done now.' },
    ],
  });
  const events = await collect(runner.stream(request()));
  t.same(events.map((e) => e.type), [
    'run_started',
    'text_delta',
    'text_delta',
    'text_delta',
    'tool_call',
    'tool_call',
    'tool_result',
    'tool_result',
    'text_delta',
    'text_delta',
    'run_finished',
  ]);
  const deltas = events.flatMap((e) => (e.type === 'text_delta' ? [e.delta] : []));
  t.equal(deltas.join(''), 'Let me check.Done now.');
  const results = events.flatMap((e) => (e.type === 'tool_result' ? [e.record] : []));
  t.same(results.map((r) => [r.toolCallId, r.status]).sort(), [['call_1', 'succeeded'], ['call_2', 'refused']]);
});

t.test('an interrupted stream ends with interrupt then run_finished', async (t) => {
  const { runner } = testRunner({ script: [{ toolCalls: [{ name: 'remove_item', arguments: { id: 'q' } }] }] });
  const events = await collect(runner.stream(request()));
  t.same(events.map((e) => e.type), ['run_started', 'tool_call', 'interrupt', 'run_finished']);
  t.match(events.at(-1), { result: { status: 'interrupted' } });
});

t.test('a failed stream ends with error then run_finished', async (t) => {
  const { runner } = testRunner({ script: [] });
  const events = await collect(runner.stream(request()));
  t.same(events.map((e) => e.type), ['run_started', 'error', 'run_finished']);
  t.match(events[1], { error: { code: 'internal_error', node: 'model', message: /no turn 1/ } });
});

t.test('invoke returns the same result that stream finishes with', async (t) => {
  const script = [{ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, { text: '5' }];
  const streamed = await collect(testRunner({ script, checkpointer: createMemoryCheckpointer({ now: () => 7 }) }).runner.stream(request({ runId: 'same' })));
  const finished = streamed.at(-1);
  const invoked = await testRunner({ script, checkpointer: createMemoryCheckpointer({ now: () => 7 }) }).runner.invoke(request({ runId: 'same' }));
  t.ok(finished?.type === 'run_finished');
  if (finished?.type !== 'run_finished') return;
  const untimed = <T extends { startedAt: number; finishedAt: number; durationMs: number }>(entry: T) => ({ ...entry, startedAt: 0, finishedAt: 0, durationMs: 0 });
  const strip = (r: typeof invoked) => ({ ...r, startedAt: 0, finishedAt: 0, toolCalls: r.toolCalls.map(untimed), modelSteps: r.modelSteps?.map(untimed) });
  t.same(strip(finished.result), strip(invoked));
});

t.test('a consumer that stops reading cancels the run, which fails as cancelled with calls answered', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({ script: [{ toolCalls: [{ name: 'hangs', arguments: {} }] }], checkpointer });
  const started = nextHang();
  const failed = checkpointer.whenSaved((state) => state.status === 'failed');
  const stream = runner.stream(request());
  const first = await stream.next();
  t.match(first.value, { type: 'run_started' });
  const toolSignal = await started;
  await stream.return?.();
  t.ok(toolSignal.aborted, 'the running tool is aborted');
  const state = await failed;
  t.equal(state.error?.code, 'cancelled');
  t.match(state.toolCalls[0], { toolCallId: 'call_1' });
  t.same(state.messages.map((m) => m.role), ['user', 'assistant', 'tool']);
});

t.test('an external abort signal cancels the run the same way', async (t) => {
  const { runner } = testRunner({ script: [{ toolCalls: [{ name: 'hangs', arguments: {} }] }] });
  const controller = new AbortController();
  const started = nextHang();
  const running = runner.invoke(request(), { signal: controller.signal });
  await started;
  controller.abort();
  const result = await running;
  t.equal(result.status, 'failed');
  t.equal(result.error?.code, 'cancelled');
  t.match(result.toolCalls, [{ toolCallId: 'call_1', status: 'failed', refusal: { code: 'run_stopped', message: /cancelled while this call was running/ } }]);
});

t.test('a request that breaks the contract is refused before anything is stored', async (t) => {
  const checkpointer = createMemoryCheckpointer();
  const { runner } = testRunner({ checkpointer });
  await t.rejects(runner.invoke({ ...request({ runId: 'bad' }), messages: [] }), { code: 'invalid_request' });
  await t.rejects(
    runner.invoke(request({ runId: 'bad2', messages: [{ role: 'tool', tool_call_id: 'x', name: 'y', content: '', isError: false }] })),
    { code: 'invalid_request', message: /answers no pending tool call/ },
  );
  t.equal(await checkpointer.load('bad'), undefined);
  const { runner: again } = testRunner({ script: [{ text: 'a' }, { text: 'b' }], checkpointer });
  await again.invoke(request({ runId: 'dup' }));
  await t.rejects(again.invoke(request({ runId: 'dup' })), { code: 'run_exists' });
});
