// Every edge of the graph: text-only, tool path, multi-round, and the fail edge from each node.
import t from 'tap';
import { EDGES } from '../../../harness/graph/edges.ts';
import type { NodeName } from '../../../harness/graph/run-state.ts';
import { collect, recordingCheckpointer, request, testRunner, toolMessages } from '../fixtures.ts';

t.test('text-only: initialize -> model -> validate_model_output -> finalize -> END', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({ script: [{ text: 'Hi there.' }], checkpointer });
  const result = await runner.invoke(request());
  t.equal(result.status, 'completed');
  t.equal(result.answer, 'Hi there.');
  t.same(result.toolCalls, []);
  t.same(checkpointer.path, ['initialize', 'model', 'validate_model_output', 'finalize', 'end']);
});

t.test('tool path: the batch returns to model, then finalize', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner, model } = testRunner({
    script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'ping' } }] }, { text: 'done' }],
    checkpointer,
  });
  const result = await runner.invoke(request());
  t.equal(result.status, 'completed');
  t.same(checkpointer.path, [
    'initialize',
    'model',
    'validate_model_output',
    'validate_tool_calls',
    'tool_policy',
    'execute_tools',
    'append_tool_messages',
    'model',
    'validate_model_output',
    'finalize',
    'end',
  ]);
  t.equal(result.toolCalls.length, 1);
  t.equal(result.toolCalls[0]?.status, 'succeeded');
  const second = model.requests[1];
  t.same(second?.messages.map((m) => m.role), ['user', 'assistant', 'tool']);
  t.match(second?.messages[2], { role: 'tool', content: 'ping', isError: false });
});

t.test('multi-round: several batches, parallel calls answered in call order', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner } = testRunner({
    script: [
      { toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }, { name: 'echo', arguments: { text: 'a' } }] },
      { toolCalls: [{ name: 'echo', arguments: { text: 'b' } }] },
      { text: 'all done' },
    ],
    checkpointer,
  });
  const result = await runner.invoke(request());
  t.equal(result.status, 'completed');
  t.equal(result.modelCalls, 3);
  t.same(result.toolCalls.map((r) => r.name), ['add', 'echo', 'echo']);
  t.same(result.toolCalls[0]?.result?.structuredContent, { sum: 3 });
  t.same(result.toolCalls[0]?.result?._meta, { source: 'test' });
  const final = checkpointer.saved.at(-1)!;
  t.same(toolMessages(final).map((m) => m.role === 'tool' && m.tool_call_id), ['call_1', 'call_2', 'call_3']);
  t.same(result.usage, { inputTokens: 30, outputTokens: 15, totalTokens: 45 });
});

t.test('the edge table is the documented graph', async (t) => {
  t.same(EDGES.tool_policy, ['execute_tools', 'interrupt', 'fail']);
  t.same(EDGES.append_tool_messages, ['model', 'fail']);
  t.same(EDGES.fail, ['end']);
});

const failingNodes: NodeName[] = [
  'initialize',
  'model',
  'validate_model_output',
  'validate_tool_calls',
  'tool_policy',
  'execute_tools',
  'append_tool_messages',
  'finalize',
];

for (const node of failingNodes) {
  t.test(`fail edge from ${node}: failed, error names the node, every call answered`, async (t) => {
    const checkpointer = recordingCheckpointer();
    const { runner } = testRunner({
      script: [{ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }, { name: 'add', arguments: { a: 1, b: 1 } }] }, { text: 'done' }],
      checkpointer,
      nodes: {
        [node]: async () => {
          throw new Error(`${node} broke`);
        },
      },
    });
    const events = await collect(runner.stream(request()));
    const finished = events.at(-1);
    t.equal(finished?.type, 'run_finished');
    const result = finished?.type === 'run_finished' ? finished.result : undefined;
    t.equal(result?.status, 'failed');
    t.match(result?.error, { code: 'internal_error', message: `${node} broke`, node });
    t.equal(checkpointer.path.at(-2), 'fail');
    t.equal(checkpointer.path.at(-1), 'end');
    const final = checkpointer.saved.at(-1)!;
    const assistantCalls = final.messages.flatMap((m) => (m.role === 'assistant' ? m.tool_calls.map((c) => c.id) : []));
    t.same(toolMessages(final).map((m) => m.role === 'tool' && m.tool_call_id), assistantCalls, 'every call has its ToolMessage');
    t.ok(events.some((e) => e.type === 'error'), 'an error event is emitted');
  });
}

t.test('a node returning an edge the graph lacks fails the run as an invariant violation', async (t) => {
  const { runner } = testRunner({
    script: [{ text: 'hi' }],
    nodes: { initialize: async () => ({ update: {}, next: 'finalize' }) },
  });
  const result = await runner.invoke(request());
  t.equal(result.status, 'failed');
  t.match(result.error, { code: 'invariant_violation', node: 'initialize' });
});

t.test('initialize applies the run context: route, skill and instructions', async (t) => {
  const { runner, model } = testRunner({
    script: [{ text: 'ok' }],
    context: {
      async resolve(input) {
        return { route: input.route ?? 'chosen-route', skill: 'narrow', instructions: ['Follow the skill.'] };
      },
    },
  });
  const result = await runner.invoke(request());
  t.equal(result.route, 'chosen-route');
  t.equal(result.skill, 'narrow');
  t.same(model.requests[0]?.messages[0], { role: 'system', content: 'Follow the skill.' });
  t.same(model.requests[0]?.tools.map((tool) => tool.name).sort(), ['echo', 'request_human_input']);
});
