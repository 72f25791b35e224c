// The platform plugins' SKILL.md files read cleanly with the harness's parser, and each is tool-first.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { parseSkillFile } from '../../harness/skills/skill-file.ts';
import { projectRoot } from '../helpers/test-env.ts';

for (const plugin of ['dige', 'chipchat', 'rag', 'scheduler']) {
  t.test(`${plugin}: its skill is valid and tool-first`, async (t) => {
    const file = path.join(projectRoot, 'plugins', plugin, 'SKILL.md');
    t.match(parseSkillFile(await readFile(file, 'utf8'), file, plugin), { ok: true, skill: { name: plugin, toolFirst: true } });
  });
}
