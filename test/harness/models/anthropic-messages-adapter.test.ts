// The Anthropic Messages adapter against the scripted server: tool_use / tool_result blocks, SSE input_json_delta, retries.
import t, { type Test } from 'tap';
import type { Message } from '../../../shared/contracts/messages.ts';
import { createAnthropicMessagesAdapter } from '../../../harness/models/anthropic-messages-adapter.ts';
import type { ModelSettings } from '../../../harness/models/model-settings.ts';
import { startScriptedModelServer, type ServerStep } from '../../helpers/scripted-model-server.ts';

const KEY_ENV = 'NEXUS_TEST_ANTHROPIC_KEY';
process.env[KEY_ENV] = 'ak-test-secret';
const tools = [{ name: 'lookup', description: 'Looks a thing up.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } }];
const messages: Message[] = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'find x' },
];

async function setup(t: Test, script: ServerStep[], settings: Partial<ModelSettings> = {}) {
  const server = await startScriptedModelServer(script);
  const sleeps: number[] = [];
  const adapter = createAnthropicMessagesAdapter(
    { provider: 'anthropic', baseUrl: server.baseUrl, model: 'test-model', apiKeyEnv: KEY_ENV, retryBaseDelayMs: 100, ...settings },
    { sleep: async (ms) => void sleeps.push(ms), random: () => 0 },
  );
  t.teardown(async () => {
    await adapter.close?.();
    await server.close();
  });
  return { server, adapter, sleeps };
}

for (const stream of [false, true]) {
  const mode = stream ? 'streaming' : 'non-streaming';

  t.test(`${mode}: text, request shape, headers, usage`, async (t) => {
    const { server, adapter } = await setup(t, [{ text: 'Hi there.', usage: { input: 30, output: 3 } }], { stream });
    const deltas: string[] = [];
    const response = await adapter.call({ messages, tools, onTextDelta: (d) => deltas.push(d) });
    t.same(response.message, { role: 'assistant', content: 'Hi there.', tool_calls: [] });
    t.same(response.usage, { inputTokens: 30, outputTokens: 3, totalTokens: 33 });
    if (stream) t.same(deltas, ['Hi ', 'there.']);
    const sent = server.requests[0]!;
    t.equal(sent.path, '/v1/messages');
    t.equal(sent.headers['x-api-key'], 'ak-test-secret');
    t.equal(sent.headers['anthropic-version'], '2023-06-01');
    t.match(sent.body, { model: 'test-model', max_tokens: 4096, system: 'be brief', messages: [{ role: 'user', content: [{ type: 'text', text: 'find x' }] }] });
    t.same(sent.body.tools, [{ name: 'lookup', description: 'Looks a thing up.', input_schema: tools[0]!.inputSchema }]);
    t.equal(sent.body.stream, stream ? true : undefined);
  });

  t.test(`${mode}: text then tool_use blocks, input streamed as partial JSON`, async (t) => {
    const { adapter } = await setup(
      t,
      [{ text: 'Checking.', toolCalls: [{ id: 'toolu_1', name: 'lookup', arguments: { q: 'something long enough' } }, { id: 'toolu_2', name: 'lookup', arguments: {} }] }],
      { stream },
    );
    const response = await adapter.call({ messages, tools });
    t.same(response.message, {
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [
        { id: 'toolu_1', name: 'lookup', arguments: { q: 'something long enough' } },
        { id: 'toolu_2', name: 'lookup', arguments: {} },
      ],
    });
    t.equal(response.stopReason, 'tool_use');
  });
}

t.test('tool results of one batch travel together in the next user turn', async (t) => {
  const { server, adapter } = await setup(t, [{ text: 'ok' }]);
  await adapter.call({
    messages: [
      { role: 'system', content: 'a' },
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'Let me look.', tool_calls: [{ id: 't1', name: 'lookup', arguments: { q: 'x' } }, { id: 't2', name: 'lookup', arguments: { q: 'y' } }] },
      { role: 'tool', tool_call_id: 't1', name: 'lookup', content: 'found x', isError: false },
      { role: 'tool', tool_call_id: 't2', name: 'lookup', content: '{"error":{"code":"timeout"}}', isError: true },
      { role: 'system', content: 'b' },
      { role: 'user', content: 'and then?' },
    ],
    tools: [],
  });
  const body = server.requests[0]!.body;
  t.equal(body.system, 'a\n\nb');
  t.same(body.messages, [
    { role: 'user', content: [{ type: 'text', text: 'q' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 't1', name: 'lookup', input: { q: 'x' } },
        { type: 'tool_use', id: 't2', name: 'lookup', input: { q: 'y' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: 'found x', is_error: false },
        { type: 'tool_result', tool_use_id: 't2', content: '{"error":{"code":"timeout"}}', is_error: true },
        { type: 'text', text: 'and then?' },
      ],
    },
  ]);
});

t.test('retries 429 with Retry-After and 529 overloaded with backoff', async (t) => {
  const { adapter, sleeps, server } = await setup(t, [{ fail: { status: 429, retryAfter: '1' } }, { fail: { status: 529 } }, { text: 'ok' }]);
  const response = await adapter.call({ messages, tools });
  t.equal(response.message.content, 'ok');
  t.same(sleeps, [1000, 100]);
  t.equal(server.requests.length, 3);
});

t.test('an error status that is not transient surfaces the provider message', async (t) => {
  const { adapter } = await setup(t, [{ fail: { status: 401, message: 'invalid x-api-key' } }]);
  await t.rejects(adapter.call({ messages, tools }), { code: 'model_http_error', message: /invalid x-api-key/ });
});
