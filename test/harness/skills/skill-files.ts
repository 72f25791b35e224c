// Writes SKILL.md files into temporary skill roots for skill, reload and routing tests.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SkillSpec {
  name?: string;
  description?: string;
  allowedTools?: string[];
  categories?: Record<string, string[]>;
  body?: string;
  /** Replaces the whole file text, for broken files. */
  raw?: string;
}

export function skillText(folder: string, spec: SkillSpec = {}): string {
  if (spec.raw !== undefined) return spec.raw;
  const lines = ['---', `name: ${spec.name ?? folder}`, `description: ${spec.description ?? `Does ${folder} things.`}`];
  if (spec.allowedTools) lines.push(`allowed-tools: [${spec.allowedTools.join(', ')}]`);
  if (spec.categories) {
    lines.push('tool-categories:');
    for (const [category, tools] of Object.entries(spec.categories)) lines.push(`  ${category}: [${tools.join(', ')}]`);
  }
  lines.push('---', '', spec.body ?? `# ${folder}\n\nInstructions for ${folder}.`);
  return lines.join('\n');
}

export async function writeSkill(root: string, folder: string, spec: SkillSpec = {}): Promise<string> {
  const dir = path.join(root, folder);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'SKILL.md');
  await writeFile(file, skillText(folder, spec));
  return file;
}
