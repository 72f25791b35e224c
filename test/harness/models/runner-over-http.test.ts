// The whole graph over real HTTP: each provider adapter, streamed, against the scripted model server.
import t from 'tap';
import { createModelAdapter } from '../../../harness/models/create-model-adapter.ts';
import { startScriptedModelServer } from '../../helpers/scripted-model-server.ts';
import { collect, request, testRunner } from '../fixtures.ts';

for (const provider of ['openai', 'anthropic'] as const) {
  t.test(`${provider}: streamed through the runner, only visible tools are sent`, async (t) => {
    const server = await startScriptedModelServer([
      { text: 'Adding.', toolCalls: [{ name: 'add', arguments: { a: 20, b: 22 } }] },
      { text: 'That tool is not available here.' },
    ]);
    const model = createModelAdapter({ provider, baseUrl: provider === 'openai' ? server.openaiBaseUrl : server.baseUrl, model: 'm' });
    t.teardown(async () => {
      await model.close?.();
      await server.close();
    });
    const { runner } = testRunner({ model });
    const events = await collect(runner.stream(request({ skill: 'narrow' })));
    const finished = events.at(-1);
    t.match(finished, { type: 'run_finished', result: { status: 'completed' } });
    const sentTools = server.requests[0]!.body.tools as Array<Record<string, unknown>>;
    const names = sentTools.map((tool) => (provider === 'openai' ? (tool.function as { name: string }).name : tool.name)).sort();
    t.same(names, ['echo', 'request_human_input'], 'only the skill-visible tools and the native tool are sent');
    t.match(finished, { result: { toolCalls: [{ name: 'add', status: 'refused', refusal: { code: 'tool_not_visible' } }] } });
  });

  t.test(`${provider}: visible tool runs and its result reaches the model`, async (t) => {
    const server = await startScriptedModelServer([
      { toolCalls: [{ name: 'add', arguments: { a: 20, b: 22 } }] },
      (received) => ({ text: JSON.stringify(received.body).includes('42') ? 'The sum is 42.' : 'missing' }),
    ]);
    const model = createModelAdapter({ provider, baseUrl: provider === 'openai' ? server.openaiBaseUrl : server.baseUrl, model: 'm', stream: false });
    t.teardown(async () => {
      await model.close?.();
      await server.close();
    });
    const result = await testRunner({ model }).runner.invoke(request());
    t.match(result, { status: 'completed', answer: 'The sum is 42.', toolCalls: [{ status: 'succeeded', result: { structuredContent: { sum: 42 } } }] });
    t.equal(result.usage.totalTokens, 38);
  });
}

t.test('settings are checked when the adapter is built', async (t) => {
  t.throws(() => createModelAdapter({ provider: 'openai', baseUrl: '', model: 'm' }), /invalid model settings: \/baseUrl/);
  t.throws(() => createModelAdapter({ provider: 'other' as never, baseUrl: 'http://x', model: 'm' }), /invalid model settings/);
});
