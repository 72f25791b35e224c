// Finds skills by reading files only: every <root>/<name>/SKILL.md, in root order, then folder name order.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSkillFile, type SkillParse } from './skill-file.ts';

export const SKILL_FILE = 'SKILL.md';

export interface DiscoveredSkill {
  file: string;
  /** Skills in a root folder named `custom` override same-named skills found elsewhere. */
  overrides: boolean;
  parse: SkillParse;
}

function missing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export async function discoverSkills(roots: readonly string[]): Promise<DiscoveredSkill[]> {
  const found: DiscoveredSkill[] = [];
  for (const root of roots) {
    let names: string[];
    try {
      names = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    } catch (err) {
      if (missing(err)) continue;
      throw err;
    }
    for (const name of names) {
      const file = path.join(root, name, SKILL_FILE);
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if (missing(err)) continue;
        throw err;
      }
      found.push({ file, overrides: path.basename(root) === 'custom', parse: parseSkillFile(text, file, name) });
    }
  }
  return found;
}
