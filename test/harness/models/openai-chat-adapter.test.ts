// The OpenAI Chat Completions adapter against the scripted server: JSON and SSE, tool-call deltas, retries, errors.
import t, { type Test } from 'tap';
import type { Message } from '../../../shared/contracts/messages.ts';
import { createOpenAIChatAdapter } from '../../../harness/models/openai-chat-adapter.ts';
import type { ModelSettings } from '../../../harness/models/model-settings.ts';
import { startScriptedModelServer, type ServerStep } from '../../helpers/scripted-model-server.ts';

const KEY_ENV = 'NEXUS_TEST_OPENAI_KEY';
const tools = [{ name: 'lookup', description: 'Looks a thing up.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];
const messages: Message[] = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'find x' },
];

async function setup(t: Test, script: ServerStep[], settings: Partial<ModelSettings> = {}) {
  const server = await startScriptedModelServer(script);
  const sleeps: number[] = [];
  const adapter = createOpenAIChatAdapter(
    { provider: 'openai', baseUrl: server.openaiBaseUrl, model: 'test-model', apiKeyEnv: KEY_ENV, retryBaseDelayMs: 100, ...settings },
    { sleep: async (ms) => void sleeps.push(ms), random: () => 0, now: () => Date.parse('2030-01-01T00:00:00Z') },
  );
  t.teardown(async () => {
    await adapter.close?.();
    await server.close();
  });
  return { server, adapter, sleeps };
}

process.env[KEY_ENV] = 'sk-test-secret';

for (const stream of [false, true]) {
  const mode = stream ? 'streaming' : 'non-streaming';

  t.test(`${mode}: text answer, request shape, usage`, async (t) => {
    const { server, adapter } = await setup(t, [{ text: 'Hello there friend.', usage: { input: 21, output: 4 } }], { stream });
    const deltas: string[] = [];
    const response = await adapter.call({ messages, tools, onTextDelta: (d) => deltas.push(d) });
    t.same(response.message, { role: 'assistant', content: 'Hello there friend.', tool_calls: [] });
    t.same(response.usage, { inputTokens: 21, outputTokens: 4, totalTokens: 25 });
    if (stream) t.same(deltas, ['Hello ', 'there ', 'friend.'], 'text arrives in pieces');
    const sent = server.requests[0]!;
    t.equal(sent.headers.authorization, 'Bearer sk-test-secret');
    t.match(sent.body, { model: 'test-model', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'find x' }] });
    t.same(sent.body.tools, [{ type: 'function', function: { name: 'lookup', description: 'Looks a thing up.', parameters: tools[0]!.inputSchema } }]);
    t.notOk('response_format' in sent.body, 'no response_format, ever');
    if (stream) t.same(sent.body.stream_options, { include_usage: true });
    else t.notOk('stream' in sent.body);
  });

  t.test(`${mode}: parallel tool calls with arguments split across chunks`, async (t) => {
    const { adapter } = await setup(
      t,
      [{ toolCalls: [{ id: 'call_a', name: 'lookup', arguments: { q: 'a long query text' } }, { id: 'call_b', name: 'lookup', arguments: { q: 'b' } }] }],
      { stream },
    );
    const deltas: string[] = [];
    const response = await adapter.call({ messages, tools, onTextDelta: (d) => deltas.push(d) });
    t.same(response.message.tool_calls, [
      { id: 'call_a', name: 'lookup', arguments: { q: 'a long query text' } },
      { id: 'call_b', name: 'lookup', arguments: { q: 'b' } },
    ]);
    t.equal(response.stopReason, 'tool_calls');
    t.same(deltas, [], 'argument text never reaches onTextDelta');
  });

  t.test(`${mode}: arguments that are not JSON are kept raw, not guessed`, async (t) => {
    const { adapter } = await setup(t, [{ toolCalls: [{ id: 'c', name: 'lookup', arguments: '{"q": "bro' }] }], { stream });
    const response = await adapter.call({ messages, tools });
    t.same(response.message.tool_calls, [{ id: 'c', name: 'lookup', arguments: null, rawArguments: '{"q": "bro' }]);
  });
}

t.test('history with tool calls and results is sent in the wire format', async (t) => {
  const { server, adapter } = await setup(t, [{ text: 'ok' }]);
  await adapter.call({
    messages: [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'lookup', arguments: { q: 'x' } }, { id: 'c2', name: 'lookup', arguments: null, rawArguments: '{bad' }] },
      { role: 'tool', tool_call_id: 'c1', name: 'lookup', content: 'found', isError: false },
      { role: 'tool', tool_call_id: 'c2', name: 'lookup', content: '{"error":{}}', isError: true },
    ],
    tools: [],
  });
  const body = server.requests[0]!.body;
  t.same(body.messages, [
    { role: 'user', content: 'q' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } },
        { id: 'c2', type: 'function', function: { name: 'lookup', arguments: '{bad' } },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: 'found' },
    { role: 'tool', tool_call_id: 'c2', content: '{"error":{}}' },
  ]);
  t.notOk('tools' in body, 'no empty tools array');
});

t.test('retries 429 honouring Retry-After seconds, then 5xx with backoff, then succeeds', async (t) => {
  const { server, adapter, sleeps } = await setup(t, [{ fail: { status: 429, retryAfter: '2' } }, { fail: { status: 503 } }, { text: 'finally' }]);
  const response = await adapter.call({ messages, tools });
  t.equal(response.message.content, 'finally');
  t.same(sleeps, [2000, 100], 'Retry-After wins; then base * 2^1 with jitter at its lower bound');
  t.equal(server.requests.length, 3);
});

t.test('Retry-After as an HTTP date is measured against the injected clock', async (t) => {
  const { adapter, sleeps } = await setup(t, [{ fail: { status: 429, retryAfter: 'Tue, 01 Jan 2030 00:00:05 GMT' } }, { text: 'ok' }]);
  await adapter.call({ messages, tools });
  t.same(sleeps, [5000]);
});

t.test('gives up after maxRetries with the provider message and attempt count', async (t) => {
  const { adapter, server } = await setup(t, [{ fail: { status: 500, message: 'upstream down' } }, { fail: { status: 500, message: 'upstream down' } }], { maxRetries: 1 });
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_unavailable', message: /upstream down/, details: { status: 500, attempts: 2 } });
  t.equal(server.requests.length, 2);
});

t.test('a Retry-After longer than the configured wait fails at once as rate limited', async (t) => {
  const { adapter, sleeps } = await setup(t, [{ fail: { status: 429, retryAfter: '3600' } }], { maxRetryAfterMs: 60_000 });
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_rate_limited' });
  t.same(sleeps, []);
});

t.test('a 400 is not retried', async (t) => {
  const { adapter, server } = await setup(t, [{ fail: { status: 400, message: 'bad schema' } }, { text: 'unused' }]);
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_http_error', message: /\(400\): bad schema/ });
  t.equal(server.requests.length, 1);
});

t.test('cancellation through the AbortSignal', async (t) => {
  let received!: () => void;
  const arrived = new Promise<void>((resolve) => (received = resolve));
  const { adapter } = await setup(t, [
    () => {
      received();
      return { hang: true };
    },
  ]);
  const controller = new AbortController();
  const call = adapter.call({ messages, tools, signal: controller.signal });
  await arrived;
  controller.abort();
  await t.rejects(call, { code: 'model_cancelled' });
});

t.test('a provider that never answers hits the deadline', async (t) => {
  const { adapter } = await setup(t, [{ hang: true }], { timeoutMs: 150, maxRetries: 0 });
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_timeout' });
});

t.test('a missing key names the variable, and no key means no Authorization header', async (t) => {
  const { adapter } = await setup(t, [], { apiKeyEnv: 'NEXUS_TEST_UNSET_KEY' });
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_api_key_missing', message: /NEXUS_TEST_UNSET_KEY/ });
  const keyless = await setup(t, [{ text: 'local' }], { apiKeyEnv: undefined });
  await keyless.adapter.call({ messages, tools });
  t.equal(keyless.server.requests[0]?.headers.authorization, undefined);
});
