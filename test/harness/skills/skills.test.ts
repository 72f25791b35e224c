// Skills: front matter parsing and validation, discovery over roots, custom overrides, profile bindings and tool ownership.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createSnapshot } from '../../../harness/runtime/runtime-snapshot.ts';
import { discoverSkills } from '../../../harness/skills/discover-skills.ts';
import { formatSkillProblem, parseSkillFile, skillBody, type SkillDefinition } from '../../../harness/skills/skill-file.ts';
import { buildSkillSet, patternsOverlap, type SkillSetInput } from '../../../harness/skills/skill-set.ts';
import { parseRuntimeProfile } from '../../../harness/profile/runtime-profile.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { skillText, writeSkill } from './skill-files.ts';

const parse = (folder: string, text: string) => parseSkillFile(text, `/x/${folder}/SKILL.md`, folder);

t.test('front matter: lists or strings, categories at the top or under metadata', async (t) => {
  const listed = parse('notes', skillText('notes', { allowedTools: ['notes_read', 'notes_write'], categories: { read: ['notes_read'], write: ['notes_write'] } }));
  t.match(listed, { ok: true, skill: { name: 'notes', allowedTools: ['notes_read', 'notes_write'], toolCategories: { read: ['notes_read'] }, category: 'read, write' } });
  const spec = ['---', 'name: files', 'description: Works with files.', 'allowed-tools: files_read files_list', 'metadata:', '  tool-categories:', '    read: [files_read]', '  category: storage', '---', 'Body here.'].join('\n');
  t.match(parse('files', spec), { ok: true, skill: { allowedTools: ['files_read', 'files_list'], toolCategories: { read: ['files_read'] }, category: 'storage' } });
  t.equal(skillBody(spec), 'Body here.');
  t.match(parse('plain', skillText('plain')), { ok: true, skill: { allowedTools: [], toolCategories: {} } }, 'a skill of instructions only');
});

t.test('tool-first: at the top or under metadata, a boolean, off by default', async (t) => {
  const withField = (lines: string[]) => ['---', 'name: lamp', 'description: Switches lamps.', 'allowed-tools: [lamp_set]', ...lines, '---', 'Body.'].join('\n');
  t.match(parse('lamp', withField(['tool-first: true'])), { ok: true, skill: { toolFirst: true } });
  t.match(parse('lamp', withField(['metadata:', '  tool-first: true'])), { ok: true, skill: { toolFirst: true } });
  t.match(parse('lamp', withField([])), { ok: true, skill: { toolFirst: false } });
  const bad = parse('lamp', withField(['tool-first: "yes"']));
  t.match(bad.ok ? [] : bad.problems.map(formatSkillProblem), [/SKILL.md: tool-first: must be true or false/]);
  const nested = parse('lamp', withField(['metadata:', '  tool-first: 1']));
  t.match(nested.ok ? [] : nested.problems, [{ field: 'metadata.tool-first' }]);
});

t.test('every problem names the file and the field', async (t) => {
  const problems = (folder: string, text: string) => {
    const result = parse(folder, text);
    return result.ok ? [] : result.problems.map(formatSkillProblem);
  };
  t.match(problems('a', 'no front matter'), [/\/x\/a\/SKILL.md: front matter: the file must start/]);
  t.match(problems('a', '---\nname: [unclosed\n---\n'), [/front matter: invalid YAML/]);
  t.match(problems('a', '---\nname: b\ndescription: d\n---\n'), [/name: must equal the folder name "a"/]);
  t.match(problems('a', '---\nname: a\n---\n'), [/description: must be a non-empty string/]);
  t.match(problems('a', skillText('a', { allowedTools: ['x_read'], categories: { write: ['x_write'] } })), [/tool-categories.write: "x_write" is not in allowed-tools/]);
  t.match(problems('a', '---\nname: a\ndescription: d\nallowed-tools: [x]\nmetadata:\n  tool-categories: [x]\n---\n'), [/metadata.tool-categories: must map each category/]);
  t.match(problems('a', '---\nname: a\ndescription: d\nallowed-tools: {x: 1}\n---\n'), [/allowed-tools: must be a list/]);
});

t.test('discovery reads <root>/<name>/SKILL.md only, in root order; a missing root is no error', async (t) => {
  const dir = await tempDirFor(t);
  const pub = path.join(dir, 'public');
  await writeSkill(pub, 'beta');
  await writeSkill(pub, 'alpha');
  await mkdir(path.join(pub, 'empty'));
  await writeFile(path.join(pub, 'README.md'), 'not a skill');
  const found = await discoverSkills([pub, path.join(dir, 'missing')]);
  t.same(found.map((skill) => path.relative(dir, skill.file)), ['public/alpha/SKILL.md', 'public/beta/SKILL.md']);
  t.ok(found.every((skill) => skill.parse.ok && !skill.overrides));
});

function setInput(discovered: SkillSetInput['discovered'], overrides: Partial<SkillSetInput> = {}): SkillSetInput {
  return { discovered, previous: new Map(), disabledSkills: new Set(), toolDisabled: () => false, reservedNames: new Set(), ...overrides };
}

t.test('a custom skill overrides a public one; equal standing is a conflict naming both files', async (t) => {
  const dir = await tempDirFor(t);
  const [pub, custom, other] = ['public', 'custom', 'plugins'].map((name) => path.join(dir, name)) as [string, string, string];
  await writeSkill(pub, 'notes', { description: 'Public notes.' });
  await writeSkill(custom, 'notes', { description: 'Our own notes.' });
  await writeSkill(pub, 'files');
  await writeSkill(other, 'files');
  const set = buildSkillSet(setInput(await discoverSkills([pub, custom, other])));
  t.equal(set.skills.get('notes')?.description, 'Our own notes.');
  t.equal(set.skills.get('files')?.path, path.join(pub, 'files', 'SKILL.md'), 'the first one found stays');
  t.match(set.problems.map(formatSkillProblem), [new RegExp(`plugins/files/SKILL.md: name: "files" is also the name of .*public/files/SKILL.md`)]);
});

t.test('a tool belongs to at most one enabled skill; bindings and switched-off tools are respected', async (t) => {
  const dir = await tempDirFor(t);
  await writeSkill(dir, 'one', { allowedTools: ['box_*'] });
  await writeSkill(dir, 'two', { allowedTools: ['box_open', 'lid_open'] });
  await writeSkill(dir, 'three', { allowedTools: ['lid_*'] });
  const discovered = await discoverSkills([dir]);
  const clash = buildSkillSet(setInput(discovered));
  t.same([...clash.skills.keys()].sort(), ['one', 'three']);
  t.match(clash.problems.map(formatSkillProblem), [/two\/SKILL.md: allowed-tools: "box_open" is already owned by skill "one"/]);
  const disabled = buildSkillSet(setInput(discovered, { disabledSkills: new Set(['one', 'three']) }));
  t.same([...disabled.skills.keys()], ['two'], 'a disabled skill owns nothing');
  t.same(disabled.problems, []);
  t.ok(patternsOverlap('box_*', 'box_open') && patternsOverlap('b*', 'box_*') && !patternsOverlap('box_open', 'box_close'));
});

t.test('an edit that grabs another skill\'s tool is refused and the edited skill keeps its last good version', async (t) => {
  const dir = await tempDirFor(t);
  await writeSkill(dir, 'owner', { allowedTools: ['cup_fill'] });
  const file = await writeSkill(dir, 'grabber', { allowedTools: ['pot_fill'] });
  const first = buildSkillSet(setInput(await discoverSkills([dir])));
  await writeSkill(dir, 'grabber', { allowedTools: ['pot_fill', 'cup_fill'] });
  const second = buildSkillSet(setInput(await discoverSkills([dir]), { previous: first.byFile }));
  t.same(second.skills.get('grabber')?.allowedTools, ['pot_fill']);
  t.match(second.problems, [{ file, field: 'allowed-tools' }]);
  await writeSkill(dir, 'grabber', { raw: '---\nname: [broken\n---\n' });
  const third = buildSkillSet(setInput(await discoverSkills([dir]), { previous: second.byFile }));
  t.same(third.skills.get('grabber')?.allowedTools, ['pot_fill'], 'a broken file keeps its last good version');
  t.match(third.problems, [{ file, field: 'front matter' }]);
});

t.test('the routing index holds name, description, category and path only', async (t) => {
  const skill: SkillDefinition = { name: 'a', description: 'd', allowedTools: ['x'], toolCategories: { q: ['x'] }, category: 'q', toolFirst: false, path: '/a/SKILL.md' };
  const profile = parseRuntimeProfile('version: 1\nroles:\n  member: { permissions: [], tools: [] }\n', 'p');
  const snapshot = createSnapshot(1, profile, new Map([['a', skill]]), 'now');
  t.same(snapshot.index, [{ name: 'a', description: 'd', path: '/a/SKILL.md', category: 'q' }]);
});
