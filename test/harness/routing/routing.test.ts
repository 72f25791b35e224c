// Routing through a real model endpoint (the scripted model server): the routing tool call, pins, fallback, tool-less routes.
import path from 'node:path';
import { pino } from 'pino';
import t from 'tap';
import type { ModelSettings } from '../../../shared/contracts/model-settings.ts';
import { createModelAdapter } from '../../../harness/models/create-model-adapter.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { ROUTING_TOOL } from '../../../harness/routing/intent-router.ts';
import { createRunContextProvider } from '../../../harness/routing/run-context-provider.ts';
import { createSnapshot } from '../../../harness/runtime/runtime-snapshot.ts';
import { discoverSkills } from '../../../harness/skills/discover-skills.ts';
import { buildSkillSet } from '../../../harness/skills/skill-set.ts';
import { createLocalToolSource } from '../../../harness/tools/local-tool-source.ts';
import { startScriptedModelServer, type ServerStep } from '../../helpers/scripted-model-server.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { writeSkill } from '../skills/skill-files.ts';
import { identity, request, testRunner } from '../fixtures.ts';

const logger = pino({ level: 'silent' });
const PROFILE = [
  'version: 1',
  'roles:',
  '  member: { permissions: [], tools: ["notes_*", "files_*"] }',
  '  reader: { permissions: [], tools: ["files_*"] }',
  'persona: Be precise.',
  'knowledgeBase: { default: handbook }',
  'routes:',
  '  - { name: chat, description: Greetings and thanks., instructions: Reply in one short sentence. }',
  'routing: { fallback: chat }',
];

const notesSource = createLocalToolSource('notes', [
  { definition: { name: 'notes_read', description: 'Reads a note.', inputSchema: { type: 'object' } }, handler: () => ({ content: [{ type: 'text', text: 'the note' }] }) },
]);

async function setup(t: { teardown(fn: () => unknown): void }, script: ServerStep[], profileLines = PROFILE) {
  const dir = await tempDirFor(t);
  await writeSkill(dir, 'notes', { description: 'Reads and writes notes.', allowedTools: ['notes_*'], categories: { read: ['notes_read'] }, body: 'NOTES SKILL BODY' });
  await writeSkill(dir, 'sealed', { description: 'Uses tools no role here has.', allowedTools: ['vault_*'] });
  const profile = parseRuntimeProfile(profileLines.join('\n'), 'p.yaml');
  const skills = buildSkillSet({ discovered: await discoverSkills([dir]), previous: new Map(), disabledSkills: new Set(), toolDisabled: () => false, reservedNames: new Set(['chat']) }).skills;
  const snapshot = createSnapshot(1, profile, skills, 'now');
  const server = await startScriptedModelServer(script);
  const settings: ModelSettings = { provider: 'openai', baseUrl: server.openaiBaseUrl, model: 'm', stream: false };
  const model = createModelAdapter(settings);
  t.teardown(async () => {
    await model.close?.();
    await server.close();
  });
  const context = createRunContextProvider({ snapshot, model, logger });
  const harness = testRunner({ model, context, runPolicy: snapshot.policy, sources: [notesSource] });
  return { dir, server, snapshot, ...harness };
}

const routeTo = (route: string): ServerStep => ({ toolCalls: [{ name: ROUTING_TOOL, arguments: { route } }] });

t.test('the router picks a skill through the routing tool; the skill body is loaded into the run', async (t) => {
  const { server, runner, dir } = await setup(t, [routeTo('notes'), { toolCalls: [{ name: 'notes_read', arguments: {} }] }, { text: 'Done.' }]);
  const result = await runner.invoke(request({ messages: [{ role: 'user', content: 'read my note' }] }));
  t.match(result, { status: 'completed', route: 'notes', skill: 'notes', answer: 'Done.', toolCalls: [{ name: 'notes_read', status: 'succeeded' }] });
  const routing = server.requests[0]!.body;
  t.same(routing.tool_choice, { type: 'function', function: { name: ROUTING_TOOL } }, 'the routing call is forced to be a tool call');
  const tool = (routing.tools as Array<{ function: { name: string; parameters: { properties: { route: { enum: string[] } } } } }>)[0]!;
  t.equal(tool.function.name, ROUTING_TOOL);
  t.same(tool.function.parameters.properties.route.enum, ['chat', 'notes'], 'the enum lists the choices this role can use');
  const prompt = JSON.stringify(routing.messages);
  t.match(prompt, /notes \(read\): Reads and writes notes\./);
  t.notMatch(prompt, /NOTES SKILL BODY/, 'routing never sees a skill body');
  t.notMatch(prompt, new RegExp(dir), 'nor its path');
  const main = server.requests[1]!.body;
  const system = (main.messages as Array<{ role: string; content: string }>).filter((m) => m.role === 'system').map((m) => m.content);
  t.same(system, ['Be precise.', 'The default knowledge base is "handbook": use it when a tool needs a knowledge base and the user did not name one.', 'NOTES SKILL BODY']);
  t.same((main.tools as Array<{ function: { name: string } }>).map((entry) => entry.function.name).sort(), ['notes_read', 'request_human_input']);
  t.ok(result.usage.totalTokens > 19 * 2, 'the routing call counts towards the run\'s usage');
});

t.test('a non-tool route answers without any tool offered', async (t) => {
  const { server, runner } = await setup(t, [routeTo('chat'), { text: 'Hello!' }]);
  const result = await runner.invoke(request({ messages: [{ role: 'user', content: 'hi there' }] }));
  t.match(result, { status: 'completed', route: 'chat', answer: 'Hello!' });
  t.equal(result.skill, undefined);
  const main = server.requests[1]!.body;
  t.equal(main.tools, undefined, 'no tools, not even native ones');
  t.match(JSON.stringify(main.messages), /Reply in one short sentence\./);
});

t.test('pins skip routing; so does a single choice', async (t) => {
  const pinned = await setup(t, [{ text: 'pinned answer' }]);
  const result = await pinned.runner.invoke(request({ skill: 'notes' }));
  t.match(result, { route: 'notes', skill: 'notes', answer: 'pinned answer' });
  t.equal(pinned.server.requests.length, 1, 'no routing call');
  const single = await setup(t, [{ text: 'only choice' }, { text: 'no choice' }], [...PROFILE.slice(0, 4), 'routes: []']);
  const only = await single.runner.invoke(request());
  t.match(only, { skill: 'notes', answer: 'only choice' }, 'the one skill this role can use is taken without asking');
  const none = await single.runner.invoke(request({ identity: { ...identity, role: 'reader' } }));
  t.match(none, { answer: 'no choice' });
  t.equal(none.skill, undefined, 'a role that can use no skill runs without one');
  t.equal(single.server.requests.length, 2, 'no routing call in either run');
});

t.test('an unusable pick falls back to routing.fallback', async (t) => {
  const { server, runner } = await setup(t, [{ text: 'I think notes' }, { text: 'fallback answer' }]);
  const result = await runner.invoke(request());
  t.match(result, { route: 'chat', answer: 'fallback answer' });
  t.equal(server.requests.length, 2);
  const invalid = await setup(t, [routeTo('nowhere'), { text: 'again fallback' }]);
  t.match(await invalid.runner.invoke(request()), { route: 'chat', answer: 'again fallback' });
});

t.test('a chosen skill whose file vanished fails the run with skill_unavailable', async (t) => {
  const { runner, dir } = await setup(t, [routeTo('notes')]);
  const { rm } = await import('node:fs/promises');
  await rm(path.join(dir, 'notes'), { recursive: true });
  const result = await runner.invoke(request());
  t.match(result, { status: 'failed', error: { code: 'skill_unavailable', node: 'initialize' } });
});

t.test('each model call is a step: routing first, then two tool rounds and the answer, each with its own usage', async (t) => {
  const { runner } = await setup(t, [
    { toolCalls: [{ name: ROUTING_TOOL, arguments: { route: 'notes' } }], usage: { input: 40, output: 3 } },
    { text: 'Looking.', toolCalls: [{ name: 'notes_read', arguments: {} }], usage: { input: 100, output: 10 } },
    { toolCalls: [{ name: 'notes_read', arguments: {} }, { name: 'notes_read', arguments: {} }], usage: { input: 150, output: 20 } },
    { text: 'Both notes say hello.', usage: { input: 220, output: 8 } },
  ]);
  const result = await runner.invoke(request({ messages: [{ role: 'user', content: 'read my notes' }] }));
  t.match(result, { status: 'completed', skill: 'notes', modelCalls: 3 });
  const steps = result.modelSteps ?? [];
  t.same(steps.map((step) => [step.index, step.kind, step.usage.inputTokens, step.usage.outputTokens]), [
    [0, 'routing', 40, 3],
    [1, 'agent', 100, 10],
    [2, 'agent', 150, 20],
    [3, 'agent', 220, 8],
  ]);
  t.same(steps.map((step) => step.toolCalls.map((call) => call.name)), [[ROUTING_TOOL], ['notes_read'], ['notes_read', 'notes_read'], []]);
  t.same(steps.map((step) => step.text), ['', 'Looking.', '', 'Both notes say hello.']);
  t.same(steps.slice(1).flatMap((step) => step.toolCalls.map((call) => call.id)), result.toolCalls.map((call) => call.toolCallId), 'step calls name the recorded calls');
  for (const [i, step] of steps.entries()) {
    t.ok(step.finishedAt >= step.startedAt && step.durationMs === step.finishedAt - step.startedAt, `step ${i} is timed`);
    if (i > 0) t.ok(step.startedAt >= steps[i - 1]!.finishedAt, `step ${i} starts after step ${i - 1}`);
  }
  const round1 = result.toolCalls[0]!;
  t.ok(round1.startedAt >= steps[1]!.finishedAt && round1.finishedAt <= steps[2]!.startedAt, 'a tool call sits between the step that asked for it and the next');
  t.same(result.usage, { inputTokens: 510, outputTokens: 41, totalTokens: 551 }, 'the run\'s usage is the sum of its steps');
});
