// The profile's runtime sections: validation naming each field, tool classification, and the policy built from them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { ProfileError } from '../../../shared/contracts/profile.ts';
import { createProfilePolicy } from '../../../harness/profile/profile-policy.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { classifyTool } from '../../../harness/profile/tool-classification.ts';
import type { SkillDefinition } from '../../../harness/skills/skill-file.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { identity } from '../fixtures.ts';

const base = ['version: 1', 'roles:', '  member:', '    permissions: []', '    tools: ["box_*", "lid_open"]', '    reviewRequired: ["box_burn"]'];
const profileOf = (...lines: string[]) => parseRuntimeProfile([...base, ...lines].join('\n'), 'p.yaml');

function problems(...lines: string[]): string[] {
  try {
    profileOf(...lines);
    return [];
  } catch (err) {
    if (err instanceof ProfileError) return err.problems;
    throw err;
  }
}

t.test('the shipped profile is valid and keeps its role matrix', async (t) => {
  const file = path.join(projectRoot, 'profile/profile.yaml');
  const profile = parseRuntimeProfile(await readFile(file, 'utf8'), file);
  t.ok(Object.keys(profile.roles).length >= 1);
  t.ok((profile.routes ?? []).length >= 1);
});

t.test('every section is optional, and errors name the field', async (t) => {
  t.same(problems(), []);
  t.match(problems('routes:', '  - name: chat'), ['/routes/0/description: missing required field `description`']);
  t.match(problems('routes:', '  - { name: Chat Room, description: d }'), [/\/routes\/0\/name: must match the pattern \^\[a-z0-9\]\[a-z0-9_-\]\*\$; got \"Chat Room\"/]);
  t.match(problems('routes:', '  - { name: chat, description: a }', '  - { name: chat, description: b }'), [/\/routes: route name "chat" is used twice/]);
  t.match(problems('tools:', '  box_open: { permission: maybe }'), [/\/tools\/box_open\/permission/]);
  t.match(problems('model:', '  provider: other', '  baseUrl: http://x', '  model: m'), [/\/model\/provider/]);
  t.match(problems('model:', '  provider: openai', '  model: m'), ['/model/baseUrl: missing required field `baseUrl`']);
  t.match(problems('mcp:', '  servers:', '    - { name: a, url: "http://x/mcp", command: run }'), [/\/mcp\/servers\/0: give either url \(HTTP\) or command \(stdio\)/]);
  t.match(problems('mcp:', '  servers:', '    - { name: a, command: run, auth: service }'), [/\/mcp\/servers\/0\/auth: service credentials are sent over HTTP only/]);
  t.match(problems('mcp:', '  servers:', '    - { name: a, args: [x] }'), [/\/mcp\/servers\/0\/args: is only for a server started with command/]);
  t.match(problems('mcp:', '  toolRules:', '    - { match: [], review: true }'), [/\/mcp\/toolRules\/0\/match/]);
  t.match(problems('skills:', '  notes: { enabled: maybe }'), [/\/skills\/notes\/enabled/]);
  t.match(problems('knowledgeBase: { default: "" }'), [/\/knowledgeBase\/default/]);
});

t.test('classification: tools.<name> wins field by field over the first matching rule', async (t) => {
  const profile = profileOf(
    'mcp:',
    '  toolRules:',
    '    - { match: ["box_burn"], domain: fire, permission: destructive, review: true }',
    '    - { match: ["box_*"], domain: boxes, permission: read }',
    'tools:',
    '  box_burn: { description: Burns a box., review: false }',
    '  box_hide: { enabled: false }',
  );
  t.same(classifyTool(profile, 'box_burn'), { description: 'Burns a box.', domain: 'fire', permission: 'destructive', review: false, enabled: true });
  t.same(classifyTool(profile, 'box_open'), { domain: 'boxes', permission: 'read', review: false, enabled: true });
  t.same(classifyTool(profile, 'other'), { review: false, enabled: true });
  t.equal(classifyTool(profile, 'box_hide').enabled, false);
});

t.test('policy: role matrix, review from the role or the tool, switched-off tools, skills and tool-less routes', async (t) => {
  const profile = profileOf(
    'routes:',
    '  - { name: chat, description: Small talk. }',
    'mcp:',
    '  toolRules:',
    '    - { match: ["lid_*"], review: true }',
    'tools:',
    '  box_hide: { enabled: false }',
  );
  const skills = new Map([['boxes', { name: 'boxes', description: 'd', allowedTools: ['box_*'], toolCategories: {}, toolFirst: false, path: '/b' }]]);
  const policy = createProfilePolicy({ profile, skills });
  const verdict = (toolName: string, skill?: string, role = 'member') => policy.evaluateCall({ identity: { ...identity, role }, skill, toolName, arguments: {} });
  t.same(verdict('box_open', 'boxes'), { action: 'allow' });
  t.match(verdict('box_burn'), { action: 'review', reason: /role/ });
  t.match(verdict('lid_open'), { action: 'review', reason: /profile marks this tool/ });
  t.match(verdict('box_hide'), { action: 'deny', code: 'policy_denied' });
  t.match(verdict('jar_open'), { action: 'deny', code: 'permission_denied' });
  t.match(verdict('box_open', undefined, 'stranger'), { action: 'deny', code: 'permission_denied' });
  t.match(verdict('lid_open', 'boxes'), { action: 'deny', code: 'policy_denied', reason: /not part of the active skill/ });
  t.notOk(policy.skillAllowsTool('gone', 'box_open'), 'a skill that disappeared allows nothing');
  t.notOk(policy.roleAllowsTool('member', 'box_hide'));
  t.equal(policy.routeUsesTools?.('chat'), false);
  t.equal(policy.routeUsesTools?.('boxes'), true);
});

t.test('policy: tool-first comes from the skill, and the profile binding overrides it either way', async (t) => {
  const skill = (name: string, toolFirst: boolean): [string, SkillDefinition] => [name, { name, description: 'd', allowedTools: [`${name}_*`], toolCategories: {}, toolFirst, path: `/${name}` }];
  const skills = new Map([skill('lamps', true), skill('boxes', false), skill('jars', true)]);
  const policy = createProfilePolicy({ profile: profileOf('skills:', '  boxes: { toolFirst: true }', '  jars: { toolFirst: false, enabled: true }'), skills });
  t.equal(policy.skillRequiresTool?.('lamps'), true, 'from the front matter');
  t.equal(policy.skillRequiresTool?.('boxes'), true, 'turned on by the binding');
  t.equal(policy.skillRequiresTool?.('jars'), false, 'turned off by the binding');
  t.equal(policy.skillRequiresTool?.('gone'), false);
  t.match(problems('skills:', '  boxes: { toolFirst: "yes" }'), [/\/skills\/boxes\/toolFirst/]);
  t.same(problems('skills:', '  boxes: { toolFirst: true }'), [], 'a binding need not say enabled');
});

t.test('history and limits sections: summarising needs keepRecent below summarizeAfter', async (t) => {
  t.same(problems('history: { summarizeAfter: 40, keepRecent: 10 }', 'limits: { maxModelCalls: 5, loopThreshold: 2 }'), []);
  t.same(problems('history: { summarizeAfter: 0, keepRecent: 10 }'), [], '0 switches summarising off');
  t.match(problems('history: { summarizeAfter: 10, keepRecent: 10 }'), [/\/history: keepRecent must be below summarizeAfter/]);
  t.match(problems('history: { summarizeAfter: -1, keepRecent: 1 }'), [/\/history\/summarizeAfter/]);
  t.match(problems('limits: { maxModelCalls: 0 }'), [/\/limits\/maxModelCalls/]);
  t.match(problems('limits: { loopThreshold: 1 }'), [/\/limits\/loopThreshold/]);
});

t.test('subagent bindings: unique names, never offered to their own skill', async (t) => {
  const sub = (name: string, skill: string, availableIn: string) => `  - { name: ${name}, description: d, skill: ${skill}, availableIn: [${availableIn}] }`;
  t.same(problems('subagents:', sub('a', 'notes', 'desk')), []);
  t.match(problems('subagents:', sub('a', 'notes', 'desk'), sub('a', 'desk', 'notes')), [/\/subagents: subagent name "a" is used twice/]);
  t.match(problems('subagents:', sub('a', 'notes', 'notes')), [/\/subagents\/0\/availableIn: a subagent cannot be offered to its own skill "notes"/]);
  t.match(problems('subagents:', '  - { name: a, description: d, skill: notes, availableIn: [] }'), [/\/subagents\/0\/availableIn/]);
});
