// The registry merges sources and native tools; visibility is role ∩ skill plus native tools, with reasons recorded.
import t from 'tap';
import { nativeTools } from '../../../harness/tools/builtins/index.ts';
import { createLocalToolSource } from '../../../harness/tools/local-tool-source.ts';
import { createStaticRunPolicy } from '../../../harness/tools/static-run-policy.ts';
import { createToolRegistry } from '../../../harness/tools/tool-registry.ts';
import { computeToolVisibility } from '../../../harness/tools/tool-visibility.ts';
import type { ToolSource } from '../../../harness/tools/tool-source.ts';
import { identity } from '../fixtures.ts';

const tool = (name: string) => ({
  definition: { name, description: name, inputSchema: { type: 'object' } },
  handler: () => ({ content: [{ type: 'text', text: `${name} from a` }] }),
});

const sourceA = createLocalToolSource('a', [tool('alpha_read'), tool('alpha_write'), tool('shared')]);
const sourceB = createLocalToolSource('b', [
  { ...tool('shared'), handler: () => ({ content: [{ type: 'text', text: 'shared from b' }] }) },
  tool('request_human_input'),
  tool('beta_read'),
]);
const broken: ToolSource = {
  id: 'broken',
  listTools: () => Promise.reject(new Error('server unreachable')),
  callTool: () => Promise.reject(new Error('unreachable')),
};

t.test('natives first, earlier sources win a name, failed sources are reported, calls route to the owner', async (t) => {
  const registry = createToolRegistry({ sources: [sourceA, sourceB, broken], nativeTools });
  const catalog = await registry.catalog();
  t.same([...catalog.byName.keys()], ['request_human_input', 'alpha_read', 'alpha_write', 'shared', 'beta_read']);
  t.same(catalog.shadowed, [
    { name: 'shared', sourceId: 'b', shadowedBy: 'a' },
    { name: 'request_human_input', sourceId: 'b', shadowedBy: 'native' },
  ]);
  t.same(catalog.unavailable, [{ sourceId: 'broken', message: 'server unreachable' }]);
  const signal = new AbortController().signal;
  const result = await registry.call(catalog.byName.get('shared')!, {}, { identity, runId: 'r', threadId: 't', toolCallId: 'c', signal });
  t.same(result.content, [{ type: 'text', text: 'shared from a' }]);
  await t.rejects(registry.call(catalog.byName.get('request_human_input')!, {}, { identity, runId: 'r', threadId: 't', toolCallId: 'c', signal }));
});

t.test('visible = role ∩ skill, plus native tools; hidden ones carry their reason', async (t) => {
  const registry = createToolRegistry({ sources: [sourceA, sourceB], nativeTools });
  const policy = createStaticRunPolicy({
    roles: { member: { tools: ['alpha_*', 'beta_read'] } },
    skills: { alpha: ['alpha_read', 'alpha_write', 'shared'] },
  });
  const visibility = computeToolVisibility(await registry.catalog(), policy, identity, 'alpha');
  t.same(visibility.visible.map((d) => d.name), ['request_human_input', 'alpha_read', 'alpha_write']);
  t.same(
    visibility.hidden.map((h) => [h.name, h.reason]),
    [
      ['shared', 'shadowed'],
      ['request_human_input', 'shadowed'],
      ['shared', 'not_authorized_for_role'],
      ['beta_read', 'not_in_skill'],
    ],
  );
  const unknownRole = computeToolVisibility(await registry.catalog(), policy, { ...identity, role: 'nobody' }, undefined);
  t.same(unknownRole.visible.map((d) => d.name), ['request_human_input'], 'an unknown role sees only native tools');
});

t.test('static policy verdicts: allow, review, deny by role, deny by policy', async (t) => {
  const policy = createStaticRunPolicy({ roles: { member: { tools: ['*'], reviewRequired: ['alpha_write'] } }, denied: ['beta_*'] });
  const verdict = (toolName: string, role = 'member') =>
    policy.evaluateCall({ identity: { ...identity, role }, skill: undefined, toolName, arguments: {} });
  t.same(verdict('alpha_read'), { action: 'allow' });
  t.match(verdict('alpha_write'), { action: 'review' });
  t.match(verdict('beta_read'), { action: 'deny', code: 'policy_denied' });
  t.match(verdict('alpha_read', 'guest'), { action: 'deny', code: 'permission_denied' });
});
