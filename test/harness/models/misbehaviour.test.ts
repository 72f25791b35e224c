// Real-model misbehaviour over both real wire formats: each case ends in a structured ToolMessage or a failure code, never a made-up success.
import t, { type Test } from 'tap';
import { isUngroundedAnswer, type RunResult } from '../../../shared/contracts/run-result.ts';
import type { RunStreamEvent } from '../../../shared/contracts/stream-event.ts';
import { createLimitsMiddleware } from '../../../harness/middleware/limits.ts';
import { createModelAdapter } from '../../../harness/models/create-model-adapter.ts';
import type { RunPolicy } from '../../../harness/tools/run-policy.ts';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServerOptions, type ServerStep } from '../../helpers/scripted-model-server.ts';
import { collect, policy, request, testRunner, toolLog } from '../fixtures.ts';

type Provider = 'openai' | 'anthropic';

/** The fixtures' policy, with the `narrow` skill (tool: echo) tool-first. */
const toolFirstPolicy: RunPolicy = { ...policy, skillRequiresTool: (skill) => skill === 'narrow' };

async function setup(
  t: Test,
  provider: Provider,
  script: ServerStep[],
  options: { stream?: boolean; server?: ScriptedModelServerOptions; toolFirst?: boolean } = {},
) {
  const server = await startScriptedModelServer(script, options.server);
  const model = createModelAdapter({
    provider,
    baseUrl: provider === 'openai' ? server.openaiBaseUrl : server.baseUrl,
    model: 'm',
    maxRetries: 0,
    ...(options.stream === undefined ? {} : { stream: options.stream }),
  });
  t.teardown(async () => {
    await model.close?.();
    await server.close();
  });
  const { runner, checkpointer } = testRunner({
    model,
    middleware: [createLimitsMiddleware()],
    ...(options.toolFirst ? { runPolicy: toolFirstPolicy } : {}),
  });
  return { server, runner, checkpointer };
}

/** The tool results a request carried back to the provider, read from its own wire format. */
function toolResultsSent(req: RecordedRequest | undefined): Array<{ id: string; content: string; isError?: boolean }> {
  const messages = (req?.body.messages ?? []) as Array<Record<string, unknown>>;
  if (req?.format === 'openai') {
    return messages.filter((m) => m.role === 'tool').map((m) => ({ id: String(m.tool_call_id), content: String(m.content) }));
  }
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Array<Record<string, unknown>>)
          .filter((block) => block.type === 'tool_result')
          .map((block) => ({ id: String(block.tool_use_id), content: String(block.content), isError: block.is_error === true }))
      : [],
  );
}

function errorIn(content: string | undefined): { code: string; message: string; details?: unknown } {
  return (JSON.parse(content ?? '{}') as { error: { code: string; message: string; details?: unknown } }).error;
}

function echoRuns(): number {
  return toolLog.filter((entry) => entry.name === 'echo').length;
}

function finished(events: RunStreamEvent[]): RunResult {
  const last = events.at(-1);
  if (last?.type !== 'run_finished') throw new Error(`the run did not finish: ${JSON.stringify(last)}`);
  return last.result;
}

for (const provider of ['openai', 'anthropic'] as const) {
  t.test(`${provider}: a call to a tool that was not offered is answered unknown_tool / tool_not_visible and never runs`, async (t) => {
    const { server, runner } = await setup(t, provider, [
      { toolCalls: [{ name: 'delete_everything', arguments: {} }, { name: 'add', arguments: { a: 1, b: 2 } }] },
      { text: 'I could not do that.' },
    ]);
    const result = await runner.invoke(request({ skill: 'narrow' }));
    t.match(result, { status: 'completed', grounding: 'none', groundedOn: [], toolsOffered: true });
    t.match(result.toolCalls, [
      { name: 'delete_everything', status: 'refused', refusal: { code: 'unknown_tool' } },
      { name: 'add', status: 'refused', refusal: { code: 'tool_not_visible', details: { reason: 'not_in_skill' } } },
    ]);
    const sent = toolResultsSent(server.requests[1]);
    t.same(sent.map((entry) => errorIn(entry.content).code), ['unknown_tool', 'tool_not_visible'], 'the model is told why, per call');
    if (provider === 'anthropic') t.ok(sent.every((entry) => entry.isError), 'sent as is_error tool_result blocks');
    t.ok(isUngroundedAnswer(result), 'the answer is flagged: nothing backs it');
  });

  t.test(`${provider}: arguments that are not JSON are refused with the raw text kept`, async (t) => {
    const before = echoRuns();
    // Anthropic's JSON body cannot carry broken input, only its stream (input_json_delta) can; so that one streams.
    const { server, runner } = await setup(t, provider, [{ toolCalls: [{ name: 'echo', arguments: '{"text": "hi' }] }, { text: 'Sorry.' }], {
      stream: provider === 'anthropic',
    });
    const result = await runner.invoke(request());
    t.match(result.toolCalls, [{ status: 'refused', refusal: { code: 'invalid_arguments', message: 'The arguments are not valid JSON.', details: { rawArguments: '{"text": "hi' } } }]);
    t.equal(errorIn(toolResultsSent(server.requests[1])[0]?.content).code, 'invalid_arguments');
    if (provider === 'openai') {
      const echoed = (server.requests[1]!.body.messages as Array<{ tool_calls?: Array<{ function: { arguments: string } }> }>).find((m) => m.tool_calls);
      t.equal(echoed?.tool_calls?.[0]?.function.arguments, '{"text": "hi', 'the broken text goes back verbatim, so the history stays what the model sent');
    }
    t.equal(echoRuns(), before, 'the tool never ran');
    t.equal(result.grounding, 'none');
  });

  for (const stream of [false, true]) {
    t.test(`${provider}${stream ? ' streamed' : ''}: JSON inside a JSON string is refused, not unwrapped`, async (t) => {
      const before = echoRuns();
      const { server, runner } = await setup(t, provider, [{ toolCalls: [{ name: 'echo', arguments: JSON.stringify(JSON.stringify({ text: 'hi' })) }] }, { text: 'Sorry.' }], { stream });
      const result = await runner.invoke(request());
      t.match(result.toolCalls, [{ status: 'refused', arguments: '{"text":"hi"}', refusal: { code: 'invalid_arguments', details: { encodedTwice: true } } }]);
      t.match(errorIn(toolResultsSent(server.requests[1])[0]?.content).message, /JSON string holding JSON/);
      t.equal(echoRuns(), before, 'the tool never ran');
    });
  }

  t.test(`${provider}: a parallel batch with one invalid call runs the valid ones and answers every call id`, async (t) => {
    const before = echoRuns();
    const { server, runner } = await setup(t, provider, [
      {
        toolCalls: [
          { id: 'c_a', name: 'echo', arguments: { text: 'one' } },
          { id: 'c_b', name: 'add', arguments: { a: 'two', b: 1 } },
          { id: 'c_c', name: 'echo', arguments: { text: 'three' } },
        ],
      },
      { text: 'Two of three worked.' },
    ]);
    const result = await runner.invoke(request());
    t.same(result.toolCalls.map((call) => [call.toolCallId, call.status]), [['c_a', 'succeeded'], ['c_b', 'refused'], ['c_c', 'succeeded']]);
    const sent = toolResultsSent(server.requests[1]);
    t.same(sent.map((entry) => entry.id), ['c_a', 'c_b', 'c_c'], 'one tool result per call id, in call order');
    t.equal(errorIn(sent[1]?.content).code, 'invalid_arguments');
    t.equal(echoRuns() - before, 2, 'both valid calls ran');
    t.match(result, { grounding: 'tools', groundedOn: [{ toolCallId: 'c_a', name: 'echo' }, { toolCallId: 'c_c', name: 'echo' }] });
  });

  t.test(`${provider}: the same call repeated stops the run as loop_detected, every call answered`, async (t) => {
    const before = echoRuns();
    const same = { toolCalls: [{ name: 'echo', arguments: { text: 'again' } }] };
    const { runner } = await setup(t, provider, [same, same, same, { text: 'never reached' }]);
    const result = await runner.invoke(request());
    t.match(result, { status: 'failed', error: { code: 'loop_detected', details: { tool: 'echo', count: 3 } } });
    t.equal(result.answer, undefined, 'no answer is made up');
    t.same(result.toolCalls.map((call) => call.status), ['succeeded', 'succeeded', 'refused']);
    t.match(result.toolCalls[2], { refusal: { code: 'run_stopped' } });
    t.equal(echoRuns() - before, 2, 'the third repeat never ran');
  });

  t.test(`${provider}: text that looks like a tool call is answered as text and never parsed`, async (t) => {
    const before = toolLog.length;
    const text = '<tool_call>{"name": "echo", "arguments": {"text": "hi"}}</tool_call>\n```json\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n```';
    const { runner } = await setup(t, provider, [{ text }]);
    const result = await runner.invoke(request());
    t.match(result, { status: 'completed', answer: text, toolCalls: [], grounding: 'none', toolsOffered: true });
    t.equal(toolLog.length, before, 'no tool ran');
    t.ok(isUngroundedAnswer(result));
  });

  t.test(`${provider}: an empty answer fails as empty_answer`, async (t) => {
    const { runner } = await setup(t, provider, [{ text: '' }]);
    const result = await runner.invoke(request());
    t.match(result, { status: 'failed', error: { code: 'empty_answer', node: 'validate_model_output' }, grounding: 'none' });
    t.equal(result.answer, undefined);
  });

  t.test(`${provider}: a tool-first skill's first call requires a tool; later calls do not`, async (t) => {
    const { server, runner } = await setup(t, provider, [{ toolCalls: [{ name: 'echo', arguments: { text: 'on' } }] }, { text: 'Done: on.' }], { toolFirst: true });
    const result = await runner.invoke(request({ skill: 'narrow' }));
    t.same(server.requests[0]!.body.tool_choice, provider === 'openai' ? 'required' : { type: 'any' });
    t.notOk('tool_choice' in server.requests[1]!.body, 'the second call is as it always was');
    t.match(result, { status: 'completed', grounding: 'tools', groundedOn: [{ name: 'echo' }] });
    t.match(result.modelSteps, [{ toolChoice: 'required' }, {}]);
    t.notOk('toolChoice' in result.modelSteps![1]!);
  });

  t.test(`${provider}: a provider that ignores tool_choice gets its text through, flagged as ungrounded`, async (t) => {
    const { server, runner } = await setup(t, provider, [{ text: 'The meeting room lights have been turned on.' }], { toolFirst: true });
    const result = await runner.invoke(request({ skill: 'narrow' }));
    t.ok(server.requests[0]!.body.tool_choice, 'a tool was required');
    t.match(result, { status: 'completed', grounding: 'none', groundedOn: [], toolsOffered: true, modelSteps: [{ toolChoice: 'required', toolCalls: [] }] });
    t.ok(isUngroundedAnswer(result), 'the claim is flagged, never recorded as a plain success');
  });

  t.test(`${provider}: a server without streaming answers a streamed request with JSON, which is read as JSON`, async (t) => {
    const { server, runner } = await setup(t, provider, [{ toolCalls: [{ name: 'echo', arguments: { text: 'ping' } }] }, { text: 'It said ping.' }], {
      stream: true,
      server: { streaming: 'ignored' },
    });
    const events = await collect(runner.stream(request()));
    t.equal(server.requests[0]!.body.stream, true, 'the adapter asked for a stream');
    t.match(finished(events), { status: 'completed', answer: 'It said ping.', grounding: 'tools' });
    t.same(events.filter((e) => e.type === 'text_delta').map((e) => e.type === 'text_delta' && e.delta), ['It said ping.'], 'the text still reaches the stream');
  });

  t.test(`${provider}: a server that refuses streaming fails as model_http_error with its reason`, async (t) => {
    const { runner } = await setup(t, provider, [{ text: 'unused' }], { stream: true, server: { streaming: 'refused' } });
    const result = await runner.invoke(request());
    t.match(result, { status: 'failed', error: { code: 'model_http_error', message: /\(400\): streaming is not supported/ } });
  });

  for (const stream of [false, true]) {
    t.test(`${provider}${stream ? ' streamed' : ''}: a token limit in the middle of tool-call arguments fails as model_output_truncated`, async (t) => {
      const before = toolLog.length;
      const { runner } = await setup(t, provider, [{ toolCalls: [{ name: 'echo', arguments: { text: 'ok' } }, { name: 'add', arguments: '{"a": 1, "b' }], stop: 'tokenLimit' }], { stream });
      const result = await runner.invoke(request());
      t.match(result, {
        status: 'failed',
        error: { code: 'model_output_truncated', node: 'model', details: { stopReason: provider === 'openai' ? 'length' : 'max_tokens', toolCalls: ['echo', 'add'] } },
      });
      t.same(result.toolCalls.map((call) => [call.name, call.status, call.refusal?.code]), [['echo', 'refused', 'run_stopped'], ['add', 'refused', 'run_stopped']], 'no call of the cut answer ran; each is answered');
      t.equal(toolLog.length, before);
      t.equal(result.grounding, 'none');
    });
  }
}
