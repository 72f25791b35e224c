// The README's model snippets work: each passes the profile validator and runs a tool-first call against a server speaking its wire format.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { createLimitsMiddleware } from '../../../harness/middleware/limits.ts';
import { createModelAdapter } from '../../../harness/models/create-model-adapter.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { startScriptedModelServer } from '../../helpers/scripted-model-server.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { policy, request, testRunner } from '../fixtures.ts';

const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('\n## Models\n'));
const snippets = [...section.matchAll(/```yaml\n# ([^\n(]+?)\s*(?:\([^\n]*\))?\n([\s\S]*?)```/g)].map((match) => ({ name: match[1]!, yaml: match[2]! }));

t.test('the Models section has a snippet for each kind of provider', async (t) => {
  t.same(snippets.map((snippet) => snippet.name), ['OpenAI', 'Anthropic', 'Ollama', 'llama.cpp server', 'vLLM']);
});

for (const snippet of snippets) {
  t.test(`${snippet.name}: valid in a profile, and one tool-first run works over its wire format`, async (t) => {
    const profile = parseRuntimeProfile(`version: 1\nroles:\n  member: { permissions: [], tools: ["*"] }\n${snippet.yaml}`, `README ${snippet.name}`);
    const settings = profile.model!;
    const server = await startScriptedModelServer([{ toolCalls: [{ name: 'echo', arguments: { text: 'lamp on' } }] }, { text: 'The lamp reports: lamp on.' }]);
    const openai = settings.provider === 'openai';
    t.equal(new URL(settings.baseUrl).pathname.replace(/\/$/, ''), openai ? '/v1' : '', 'the base URL has the shape its provider expects');
    if (settings.apiKeyEnv !== undefined) {
      const before = process.env[settings.apiKeyEnv];
      process.env[settings.apiKeyEnv] = 'readme-test-key';
      t.teardown(() => {
        if (before === undefined) delete process.env[settings.apiKeyEnv!];
        else process.env[settings.apiKeyEnv!] = before;
      });
    }
    const model = createModelAdapter({ ...settings, baseUrl: openai ? server.openaiBaseUrl : server.baseUrl, maxRetries: 0 });
    t.teardown(async () => {
      await model.close?.();
      await server.close();
    });
    const { runner } = testRunner({ model, middleware: [createLimitsMiddleware()], runPolicy: { ...policy, skillRequiresTool: () => true } });
    const result = await runner.invoke(request({ skill: 'narrow' }));
    t.match(result, { status: 'completed', answer: 'The lamp reports: lamp on.', grounding: 'tools', groundedOn: [{ name: 'echo' }] });
    const [first, second] = server.requests;
    t.equal(first?.path, openai ? '/v1/chat/completions' : '/v1/messages');
    t.equal(first?.body.model, settings.model);
    t.equal(first?.body.stream === true, settings.stream ?? true, 'streamed unless the snippet says otherwise');
    t.same(first?.body.tool_choice, openai ? 'required' : { type: 'any' });
    t.notOk('tool_choice' in (second?.body ?? {}));
    const auth = openai ? first?.headers.authorization : first?.headers['x-api-key'];
    t.equal(auth, settings.apiKeyEnv === undefined ? undefined : openai ? 'Bearer readme-test-key' : 'readme-test-key');
  });
}
