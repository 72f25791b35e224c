// The tracing middleware with a real SDK tracer: GenAI span names, attributes and nesting, the review pause as an event,
// failures by error type, and message contents only when the opt-in says so.
import { context, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import t from 'tap';
import type { Message } from '../../../shared/contracts/messages.ts';
import { createModelSummarizer, createSummarizationMiddleware } from '../../../harness/middleware/summarization.ts';
import { createTracingMiddleware } from '../../../harness/middleware/tracing.ts';
import { createScriptedModelAdapter } from '../../../harness/models/scripted-model-adapter.ts';
import { request, testRunner } from '../fixtures.ts';

const exporter = new InMemorySpanExporter();
const contextManager = new AsyncLocalStorageContextManager().enable();
context.setGlobalContextManager(contextManager);
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
trace.setGlobalTracerProvider(provider);
/** The processor exports asynchronously; flushing first makes every ended span visible. */
async function finished(): Promise<ReadableSpan[]> {
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}
t.teardown(() => {
  trace.disable();
  context.disable();
});
t.beforeEach(() => exporter.reset());

const SECRET_TEXT = 'private detail 4711';
const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;

function traced(captureContent: boolean, script: Parameters<typeof testRunner>[0] extends infer O ? O extends { script?: infer S } ? S : never : never) {
  return testRunner({ script, middleware: [createTracingMiddleware({ provider: 'openai', model: 'test-model', captureContent })] });
}

t.test('a run is one invoke_agent span with chat and execute_tool children', async (t) => {
  const { runner } = traced(false, [{ toolCalls: [{ name: 'echo', arguments: { text: SECRET_TEXT } }], usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 } }, { text: 'done' }]);
  const req = request();
  await runner.invoke(req);
  const spans = await finished();
  const [agent] = named(spans, 'invoke_agent');
  t.match(agent?.attributes, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'test-model', 'gen_ai.conversation.id': req.threadId, 'nexus.run.id': req.runId, 'nexus.run.status': 'completed' });
  const chats = named(spans, 'chat test-model');
  t.equal(chats.length, 2);
  for (const chat of chats) t.equal(parentOf(chat), agent?.spanContext().spanId);
  t.match(chats[0]?.attributes, { 'gen_ai.operation.name': 'chat', 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 3, 'gen_ai.response.finish_reasons': [String] });
  const [tool] = named(spans, 'execute_tool echo');
  t.equal(parentOf(tool), agent?.spanContext().spanId);
  t.match(tool?.attributes, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'echo', 'gen_ai.tool.call.id': 'call_1' });
  t.notOk(JSON.stringify(spans.map((span) => span.attributes)).includes(SECRET_TEXT), 'no content without the opt-in');
});

t.test('with the opt-in, prompts, answers, arguments and results are on the spans', async (t) => {
  const { runner } = traced(true, [{ toolCalls: [{ name: 'echo', arguments: { text: SECRET_TEXT } }] }, { text: 'done' }]);
  await runner.invoke(request());
  const spans = await finished();
  t.match(named(spans, 'execute_tool echo')[0]?.attributes, { 'gen_ai.tool.call.arguments': new RegExp(SECRET_TEXT), 'gen_ai.tool.call.result': new RegExp(SECRET_TEXT) });
  t.match(named(spans, 'chat test-model')[0]?.attributes, { 'gen_ai.input.messages': String, 'gen_ai.output.messages': new RegExp(SECRET_TEXT) });
});

t.test('a review pause ends the run span with an event naming the paused call', async (t) => {
  const { runner } = traced(false, [{ toolCalls: [{ name: 'remove_item', arguments: { id: 'item-7' } }] }]);
  const result = await runner.invoke(request());
  t.equal(result.status, 'interrupted');
  const [agent] = named(await finished(), 'invoke_agent');
  t.match(agent?.attributes, { 'nexus.run.status': 'interrupted' });
  t.match(agent?.events, [{ name: 'nexus.review.pending', attributes: { 'gen_ai.tool.call.id': ['call_1'], 'gen_ai.tool.name': ['remove_item'] } }]);
});

t.test('failed tools and failed runs carry error.type, never the message', async (t) => {
  const { runner } = traced(false, [{ toolCalls: [{ name: 'reports_error', arguments: {} }, { name: 'throws', arguments: {} }] }]);
  const result = await runner.invoke(request());
  const spans = await finished();
  t.match(named(spans, 'execute_tool reports_error')[0]?.attributes, { 'error.type': 'tool_error' });
  t.match(named(spans, 'execute_tool throws')[0]?.attributes, { 'error.type': 'error' });
  t.equal(result.status, 'failed', 'the script ran out, so the run fails');
  t.match(named(spans, 'invoke_agent')[0], { attributes: { 'error.type': result.error?.code }, status: { code: 2 } });
  t.notOk(JSON.stringify(spans.map((span) => span.attributes)).includes('connection reset'), 'the thrown message is not recorded');
});

t.test('routing and summary calls are chat spans of the run, shaped like the model node\'s', async (t) => {
  const tracing = createTracingMiddleware({ provider: 'openai', model: 'test-model', captureContent: false });
  const model = createScriptedModelAdapter([{ text: 'route picked', usage: { inputTokens: 7, outputTokens: 1, totalTokens: 8 } }, { text: `summary of ${SECRET_TEXT}` }, { text: 'done' }]);
  const { runner } = testRunner({
    model,
    middleware: [
      tracing,
      createSummarizationMiddleware({ summarize: createModelSummarizer(model, (runId) => tracing.sideModel(model, runId, 'summary')), maxMessages: 3, keepRecent: 1 }),
    ],
    context: {
      async resolve(input) {
        await tracing.sideModel(model, input.runId, 'routing').call({ messages: input.messages, tools: [], signal: input.signal });
        return { instructions: [] };
      },
    },
  });
  const history: Message[] = [
    { role: 'user', content: SECRET_TEXT },
    { role: 'assistant', content: 'earlier answer', tool_calls: [] },
    { role: 'user', content: 'and now?' },
    { role: 'assistant', content: 'later answer', tool_calls: [] },
    { role: 'user', content: 'go on' },
  ];
  t.equal((await runner.invoke(request({ messages: history }))).status, 'completed');
  const spans = await finished();
  const [agent] = named(spans, 'invoke_agent');
  const chats = named(spans, 'chat test-model');
  t.same(chats.map((chat) => chat.attributes['nexus.model_call.purpose']).sort(), ['agent', 'routing', 'summary']);
  for (const chat of chats) {
    t.equal(parentOf(chat), agent?.spanContext().spanId, `${String(chat.attributes['nexus.model_call.purpose'])} is a child of invoke_agent`);
    t.equal(chat.kind, SpanKind.CLIENT);
    t.match(chat.attributes, { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'test-model', 'gen_ai.usage.input_tokens': Number, 'gen_ai.usage.output_tokens': Number, 'gen_ai.response.finish_reasons': [String] });
  }
  t.match(chats.find((chat) => chat.attributes['nexus.model_call.purpose'] === 'routing')?.attributes, { 'gen_ai.usage.input_tokens': 7 });
  t.notOk(JSON.stringify(spans.map((span) => span.attributes)).includes(SECRET_TEXT), 'no content without the opt-in');
});
