// Tool-first and grounding through the whole harness service: SKILL.md front matter or the profile binding, a real MCP server, the wire.
import t from 'tap';
import { isUngroundedAnswer } from '../../../shared/contracts/run-result.ts';
import { writeSkill, skillText } from '../skills/skill-files.ts';
import { profileText, runRequest, startRig } from './harness-rig.ts';

const readNote = { toolCalls: [{ name: 'notes_read', arguments: { id: 'n1' } }] };

t.test('a skill with tool-first: true sends its first model call with tool_choice required, the next one without', async (t) => {
  const rig = await startRig(t, { script: [readNote, { text: 'Your note says n1.' }] });
  const reloaded = rig.nextReload((report) => report.changed);
  const tooled = skillText('notes', { description: 'Reads and deletes notes.', allowedTools: ['notes_*'], body: 'Use the notes tools.' }).replace('allowed-tools:', 'tool-first: true\nallowed-tools:');
  await writeSkill(rig.skillRoot, 'notes', { raw: tooled });
  await reloaded;
  const res = await rig.post('/runs', runRequest({ skill: 'notes' }));
  t.match(res.body, { status: 'completed', grounding: 'tools', groundedOn: [{ name: 'notes_read' }], toolsOffered: true });
  t.equal(rig.model.requests[0]!.body.tool_choice, 'required');
  t.notOk('tool_choice' in rig.model.requests[1]!.body);
});

t.test('the profile binding turns tool-first on; a route without tools is never flagged', async (t) => {
  const extra = ['skills:', '  notes: { toolFirst: true }', 'routes:', '  - { name: chat, description: Small talk. }'];
  const rig = await startRig(t, {
    script: [{ text: 'I have deleted the note.' }, { text: 'Hello there!' }],
    profile: (url) => profileText({ model: url, extra }),
  });
  const claimed = await rig.post('/runs', runRequest({ skill: 'notes' }));
  t.equal(rig.model.requests[0]!.body.tool_choice, 'required');
  t.match(claimed.body, { status: 'completed', grounding: 'none', toolsOffered: true, modelSteps: [{ toolChoice: 'required' }] });
  t.ok(isUngroundedAnswer(claimed.body), 'a claim no tool backs is flagged');
  const chat = await rig.post('/runs', runRequest({ route: 'chat' }));
  t.notOk('tool_choice' in rig.model.requests[1]!.body);
  t.notOk('tools' in rig.model.requests[1]!.body, 'small talk is offered no tool');
  t.match(chat.body, { status: 'completed', answer: 'Hello there!', grounding: 'none', toolsOffered: false });
  t.notOk(isUngroundedAnswer(chat.body), 'small talk is not flagged');
});
