// Each refusal path answers its call with a structured error ToolMessage and a record that says why.
import t from 'tap';
import type { RunResult } from '../../../shared/contracts/run-result.ts';
import { createStaticRunPolicy } from '../../../harness/tools/static-run-policy.ts';
import { identity, manualTimers, nextHang, recordingCheckpointer, request, testRunner, toolLog } from '../fixtures.ts';

async function singleCall(name: string, args: unknown, options: Parameters<typeof testRunner>[0] = {}, rawArguments?: string) {
  const checkpointer = recordingCheckpointer();
  const call = rawArguments === undefined ? { name, arguments: args } : { name, arguments: null, rawArguments };
  const { runner, model } = testRunner({ script: [{ toolCalls: [call] }, { text: 'ok' }], checkpointer, ...options });
  const result = await runner.invoke(request());
  const toolMessage = model.requests[1]?.messages.find((m) => m.role === 'tool');
  return { result, toolMessage, checkpointer };
}

function errorOf(content: string | undefined) {
  return (JSON.parse(content ?? '{}') as { error: { code: string; message: string; details?: unknown } }).error;
}

function onlyRecord(result: RunResult) {
  return result.toolCalls[0];
}

t.test('schema: no coercion of "3" to an integer, no default injected', async (t) => {
  const before = toolLog.length;
  const { result, toolMessage } = await singleCall('add', { a: '3', b: 1 });
  t.equal(result.status, 'completed', 'a refused call does not fail the run');
  t.match(onlyRecord(result), { status: 'refused', refusal: { code: 'invalid_arguments' } });
  t.match(toolMessage, { role: 'tool', isError: true });
  const error = errorOf(toolMessage?.role === 'tool' ? toolMessage.content : undefined);
  t.equal(error.code, 'invalid_arguments');
  t.match(error.details, { issues: [{ path: '/a', message: 'expected an integer, got a string ("3")' }] });
  const missing = await singleCall('add', { a: 3 });
  t.match(onlyRecord(missing.result)?.refusal, { code: 'invalid_arguments' }, 'the schema default for b is not filled in');
  t.equal(toolLog.length, before, 'the tool never ran');
});

t.test('schema: arguments that are not JSON are refused with the raw text kept', async (t) => {
  const { result, toolMessage } = await singleCall('echo', null, {}, '{"text": "unterminated');
  t.match(onlyRecord(result)?.refusal, { code: 'invalid_arguments', message: 'The arguments are not valid JSON.' });
  t.match(errorOf(toolMessage?.role === 'tool' ? toolMessage.content : undefined).details, { rawArguments: '{"text": "unterminated' });
});

t.test('unknown tool', async (t) => {
  const { result } = await singleCall('does_not_exist', {});
  t.match(onlyRecord(result), { status: 'refused', refusal: { code: 'unknown_tool' } });
});

t.test('visibility: a tool outside the active skill is not offered and is refused', async (t) => {
  const checkpointer = recordingCheckpointer();
  const { runner, model } = testRunner({ script: [{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'ok' }], checkpointer });
  const result = await runner.invoke(request({ skill: 'narrow' }));
  t.same(model.requests[0]?.tools.map((tool) => tool.name).sort(), ['echo', 'request_human_input']);
  t.match(onlyRecord(result), { status: 'refused', refusal: { code: 'tool_not_visible', details: { reason: 'not_in_skill' } } });
  const state = checkpointer.saved.at(-1)!;
  t.ok(state.hiddenTools.some((hidden) => hidden.name === 'add' && hidden.reason === 'not_in_skill'), 'the reason the tool was hidden is recorded');
  t.ok(state.hiddenTools.some((hidden) => hidden.name === 'restricted' && hidden.reason === 'not_authorized_for_role'));
});

t.test('permission: a tool the role may not use is hidden and refused as permission_denied', async (t) => {
  const { result } = await singleCall('restricted', {});
  t.match(onlyRecord(result), { status: 'refused', refusal: { code: 'permission_denied' } });
});

t.test('permission: a per-call permission check denies at tool_policy', async (t) => {
  const runPolicy = {
    ...createStaticRunPolicy({ roles: { member: { tools: ['*'] } } }),
    evaluateCall: () => ({ action: 'deny' as const, code: 'permission_denied' as const, reason: 'not for this user' }),
  };
  const { result } = await singleCall('echo', { text: 'x' }, { runPolicy });
  t.match(onlyRecord(result)?.refusal, { code: 'permission_denied', message: 'not for this user' });
});

t.test('policy: a tool disabled by policy is refused as policy_denied', async (t) => {
  const { result } = await singleCall('blocked', {});
  t.match(onlyRecord(result), { status: 'refused', refusal: { code: 'policy_denied' } });
});

t.test('execution error: a throwing tool becomes a failed record, never a success', async (t) => {
  const { result, toolMessage } = await singleCall('throws', {});
  t.match(onlyRecord(result), { status: 'failed', refusal: { code: 'execution_error', message: 'The tool failed: connection reset' } });
  t.match(toolMessage, { isError: true });
});

t.test('execution error: an isError result keeps the tool content and is marked failed', async (t) => {
  const { result, toolMessage } = await singleCall('reports_error', {});
  t.match(onlyRecord(result), { status: 'failed', result: { isError: true, content: [{ type: 'text', text: 'the thing is offline' }] } });
  t.match(toolMessage, { content: 'the thing is offline', isError: true });
});

t.test('timeout: the deadline answers the call and aborts the tool', async (t) => {
  const timers = manualTimers();
  const { runner } = testRunner({ script: [{ toolCalls: [{ name: 'hangs', arguments: {} }] }, { text: 'ok' }], timers });
  const started = nextHang();
  const running = runner.invoke(request({ limits: { toolTimeoutMs: 5000 } }));
  const signal = await started;
  t.equal(timers.pending(), 1);
  timers.fire();
  const result = await running;
  t.match(onlyRecord(result), { status: 'failed', refusal: { code: 'timeout', message: /within 5000 ms/ } });
  t.ok(signal.aborted, 'the tool was told to stop');
});

t.test('a refused call and a valid call in one batch: both answered in order, valid one runs', async (t) => {
  const { runner, model } = testRunner({
    script: [{ toolCalls: [{ name: 'nope', arguments: {} }, { name: 'echo', arguments: { text: 'fine' } }] }, { text: 'ok' }],
  });
  const result = await runner.invoke(request({ identity }));
  t.same(result.toolCalls.map((r) => r.status), ['refused', 'succeeded']);
  const tools = model.requests[1]?.messages.filter((m) => m.role === 'tool') ?? [];
  t.same(tools.map((m) => m.role === 'tool' && m.tool_call_id), ['call_1', 'call_2']);
});
