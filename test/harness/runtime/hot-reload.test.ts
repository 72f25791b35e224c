// Hot reload: skill and profile edits go live without a restart; broken edits are reported and the last good version stays.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import t from 'tap';
import { createSnapshotSource, type ReloadReport, type SnapshotSource } from '../../../harness/runtime/snapshot-source.ts';
import { watchSources } from '../../../harness/runtime/watch-sources.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { writeSkill } from '../skills/skill-files.ts';

const logger = pino({ level: 'silent' });
const PROFILE = ['version: 1', 'roles:', '  member: { permissions: [], tools: ["*"] }', 'persona: First persona.'];

async function setup(t: { teardown(fn: () => unknown): void }) {
  const dir = await tempDirFor(t);
  const root = path.join(dir, 'skills');
  const profilePath = path.join(dir, 'profile.yaml');
  await writeFile(profilePath, PROFILE.join('\n'));
  const notes = await writeSkill(root, 'notes', { allowedTools: ['notes_*'] });
  await writeSkill(root, 'files', { allowedTools: ['files_read'] });
  const source = await createSnapshotSource({ profilePath, skillRoots: [root], logger });
  const watcher = watchSources(source, { profilePath, skillRoots: [root], logger });
  t.teardown(() => watcher.close());
  await watcher.ready;
  return { root, profilePath, notes, source };
}

/** Resolves with the first reload report, from now on, that the predicate accepts. */
function nextReload(source: SnapshotSource, predicate: (report: ReloadReport) => boolean = () => true): Promise<ReloadReport> {
  return new Promise((resolve) => {
    const stop = source.onReload((report) => {
      if (!predicate(report)) return;
      stop();
      resolve(report);
    });
  });
}

t.test('a good skill edit is live for the next run within a second', async (t) => {
  const { root, source } = await setup(t);
  const before = source.current();
  const started = Date.now();
  const reloaded = nextReload(source, (report) => report.changed);
  await writeSkill(root, 'notes', { allowedTools: ['notes_*'], description: 'Keeps the team notes.' });
  const report = await reloaded;
  t.ok(Date.now() - started < 1000, `live after ${Date.now() - started} ms`);
  t.same(report.problems, []);
  t.equal(source.current().skills.get('notes')?.description, 'Keeps the team notes.');
  t.equal(before.skills.get('notes')?.description, 'Does notes things.', 'a snapshot already taken never changes');
  const added = nextReload(source, (next) => next.changed);
  await writeSkill(root, 'pages');
  await added;
  t.ok(source.current().skills.has('pages'), 'a new skill folder is picked up');
});

t.test('a broken skill edit is reported with file and field, and the last good version stays', async (t) => {
  const { root, notes, source } = await setup(t);
  const generation = source.current().generation;
  const yaml = nextReload(source, (report) => report.problems.length > 0);
  await writeSkill(root, 'notes', { raw: '---\nname: notes\ndescription: [unclosed\n---\n' });
  const report = await yaml;
  t.match(report, { changed: false, problems: [new RegExp(`${notes}: front matter: invalid YAML`)] });
  t.equal(source.current().generation, generation);
  t.same(source.current().skills.get('notes')?.allowedTools, ['notes_*']);
  t.same(source.lastReload().problems, report.problems, 'the last reload keeps the problem for the status page');

  const conflict = nextReload(source, (next) => next.problems.some((problem) => problem.includes('already owned')));
  await writeSkill(root, 'notes', { allowedTools: ['notes_*', 'files_read'] });
  const clash = await conflict;
  t.match(clash.problems, [/notes\/SKILL.md: allowed-tools: "files_read" is already owned by skill "files"/]);
  t.same(source.current().skills.get('notes')?.allowedTools, ['notes_*'], 'the conflicting edit is not applied');

  const fixed = nextReload(source, (next) => next.problems.length === 0);
  await writeSkill(root, 'notes', { allowedTools: ['notes_*', 'notes_extra'] });
  await fixed;
  t.same(source.current().skills.get('notes')?.allowedTools, ['notes_*', 'notes_extra']);
});

t.test('profile edits: good ones apply (bindings included), broken ones name the field and change nothing', async (t) => {
  const { profilePath, source } = await setup(t);
  const good = nextReload(source, (report) => report.changed);
  await writeFile(profilePath, [...PROFILE.slice(0, 3), 'persona: Second persona.', 'skills:', '  files: { enabled: false }'].join('\n'));
  await good;
  t.equal(source.current().profile.persona, 'Second persona.');
  t.notOk(source.current().skills.has('files'), 'a skill switched off in the profile is gone');
  const broken = nextReload(source, (report) => report.problems.length > 0);
  await writeFile(profilePath, [...PROFILE, 'routes:', '  - name: chat'].join('\n'));
  const report = await broken;
  t.match(report.problems, [new RegExp(`${profilePath}: /routes/0/description: missing required field `)]);
  t.equal(source.current().profile.persona, 'Second persona.');
});
