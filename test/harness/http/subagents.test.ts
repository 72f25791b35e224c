// Subagent bindings from the profile: a skill hands a task to a nested run of another skill, which acts for the same user.
import t, { type Test } from 'tap';
import type { RecordedRequest, ServerStep } from '../../helpers/scripted-model-server.ts';
import { writeSkill } from '../skills/skill-files.ts';
import { member, profileText, runRequest, startRig, type Rig } from './harness-rig.ts';

const binding = ['subagents:', '  - { name: archivist, description: "Reads notes for you; give it the whole question.", skill: notes, availableIn: [desk], maxModelCalls: 3 }'];
const offered = (request: RecordedRequest | undefined) => ((request?.body.tools ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name).sort();

async function startDeskRig(t: Test, script: ServerStep[]): Promise<Rig> {
  const rig = await startRig(t, { script, profile: (url) => profileText({ model: url, memberTools: '"notes_*", "subagent_*"', extra: binding }) });
  await writeSkill(rig.skillRoot, 'desk', { description: 'The front desk, answers visitors.', allowedTools: ['desk_*'], body: 'Delegate note questions to the archivist.' });
  t.same((await rig.harness.snapshots.reload()).problems, []);
  return rig;
}

t.test('the desk skill delegates to the archivist, whose nested run reads the note as the same user', async (t) => {
  const rig = await startDeskRig(t, [
    { toolCalls: [{ name: 'subagent_archivist', arguments: { task: 'What does note n1 say?' } }] },
    { toolCalls: [{ name: 'notes_read', arguments: { id: 'n1' } }] },
    { text: 'Note n1 says: note n1.' },
    { text: 'The archivist found it: note n1.' },
  ]);
  const res = await rig.post('/runs', runRequest({ skill: 'desk' }));
  t.match(res.body, { status: 'completed', skill: 'desk', answer: 'The archivist found it: note n1.' });
  t.match(res.body.toolCalls, [{
    name: 'subagent_archivist', status: 'succeeded', source: 'subagents',
    result: { isError: false, content: [{ text: 'Note n1 says: note n1.' }], structuredContent: { subagent: 'archivist', status: 'completed', toolCalls: [{ name: 'notes_read', arguments: { id: 'n1' }, status: 'succeeded' }] } },
  }]);
  t.equal(res.body.toolCalls.length, 1, "the nested run's calls are inside the delegation's result, not the parent's list");
  t.match(res.body, { grounding: 'tools', groundedOn: [{ name: 'subagent_archivist' }] }, 'a nested answer backed by a tool backs the parent');
  t.match(rig.mcp.calls, [{ name: 'notes_read', userId: 'user-1', tokenId: 'token-1' }], "the nested run calls MCP on the user's behalf");

  const [parent, nested, nestedAgain] = rig.model.requests;
  t.same(offered(parent), ['request_human_input', 'subagent_archivist'], 'the desk sees the delegation tool, not the notes tools');
  t.same(offered(nested), ['notes_delete', 'notes_read'], 'the nested run sees its skill within the role, no subagents, no human questions');
  t.match(JSON.stringify(nested?.body.messages), /What does note n1 say\?/, 'the nested run starts from the task alone');
  t.notMatch(JSON.stringify(nested?.body.messages), /please help/, 'and sees nothing of the parent conversation');
  t.same(offered(nestedAgain), offered(nested));
});

t.test('a call needing review is refused inside the nested run instead of pausing it; the parent run goes on', async (t) => {
  const rig = await startDeskRig(t, [
    { toolCalls: [{ name: 'subagent_archivist', arguments: { task: 'Delete note n2.' } }] },
    { toolCalls: [{ name: 'notes_delete', arguments: { id: 'n2' } }] },
    { text: 'I may not delete it without a review.' },
    { text: 'Deleting needs a reviewer; ask for it directly.' },
  ]);
  const res = await rig.post('/runs', runRequest({ skill: 'desk' }));
  t.match(res.body, { status: 'completed', answer: 'Deleting needs a reviewer; ask for it directly.' });
  t.notOk(res.body.pendingReviews?.length, 'nothing waits for a reviewer');
  t.match(res.body.toolCalls[0].result.structuredContent.toolCalls, [{ name: 'notes_delete', status: 'refused' }]);
  t.same(rig.mcp.calls, [], 'the delete never reached the server');
  t.match(res.body, { grounding: 'none', groundedOn: [], toolCalls: [{ status: 'succeeded', result: { structuredContent: { grounding: 'none' } } }] }, 'a nested answer no tool backs backs nothing');
  t.match(JSON.stringify(rig.model.requests[2]?.body.messages), /needs a human review, which a subagent cannot wait for/);
});

t.test('the delegation tool is offered only where bound, to roles that may use it, and a failing nested run is an error result', async (t) => {
  const rig = await startDeskRig(t, [
    { text: 'Notes only.' },
    { text: 'Readers get no archivist.' },
    { toolCalls: [{ name: 'subagent_archivist', arguments: { task: 'Read n1.' } }] },
    { fail: { status: 400, message: 'nested model refused' } },
    { text: 'The archivist failed.' },
  ]);
  await rig.post('/runs', runRequest({ skill: 'notes' }));
  t.notOk(offered(rig.model.requests[0]).includes('subagent_archivist'), 'not offered in the skill it runs');
  await rig.post('/runs', runRequest({ skill: 'desk', identity: { ...member, role: 'reader' } }));
  t.notOk(offered(rig.model.requests[1]).includes('subagent_archivist'), 'not offered to a role whose tools do not include it');
  const failed = await rig.post('/runs', runRequest({ skill: 'desk' }));
  t.match(failed.body, { status: 'completed', answer: 'The archivist failed.' });
  t.match(failed.body.toolCalls[0], { name: 'subagent_archivist', result: { isError: true, content: [{ text: /The subagent archivist could not finish/ }], structuredContent: { status: 'failed' } } });
});

t.test('a binding naming a missing skill is reported and offers nothing', async (t) => {
  const rig = await startRig(t, {
    script: [{ text: 'ok' }],
    profile: (url) => profileText({ model: url, memberTools: '"notes_*", "subagent_*"', extra: ['subagents:', '  - { name: ghost, description: "x", skill: missing, availableIn: [notes] }'] }),
  });
  t.match((await rig.get('/status')).body.lastReload.problems, [/\/subagents\/0\/skill: "missing" is not an enabled skill/]);
  await rig.post('/runs', runRequest({ skill: 'notes' }));
  t.notOk(offered(rig.model.requests[0]).includes('subagent_ghost'));
});
