// Reads one SKILL.md: YAML front matter (name, description, allowed-tools, tool-categories, tool-first) checked field by field, and its body.
import { parse as parseYaml } from 'yaml';
import { matchesAny } from '../../shared/contracts/profile.ts';

/** What routing and policy know of a skill; the body stays on disk until a run chooses the skill. */
export interface SkillDefinition {
  name: string;
  description: string;
  /** Tool name patterns (exact, `*`, or `prefix*`) the skill may see; empty for a skill of instructions only. */
  allowedTools: string[];
  toolCategories: Record<string, string[]>;
  category?: string;
  /** The first model call of a run of this skill must call a tool (`tool-first: true`); the profile's binding may override it. */
  toolFirst: boolean;
  /** Absolute path of the SKILL.md. */
  path: string;
}

/** A problem is always tied to the file and the front-matter field it is about. */
export interface SkillProblem {
  file: string;
  field: string;
  message: string;
}

export type SkillParse = { ok: true; skill: SkillDefinition } | { ok: false; problems: SkillProblem[] };

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const TOOL_PATTERN = /^[A-Za-z0-9_.:-]*\*?$/;
const MAX_DESCRIPTION = 1024;

export function formatSkillProblem(problem: SkillProblem): string {
  return `${problem.file}: ${problem.field}: ${problem.message}`;
}

function toolList(value: unknown): string[] | undefined {
  // The public spec writes allowed-tools as one space-separated string; a YAML list is accepted too.
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((entry) => entry !== '');
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value as string[];
  return undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `tool-categories`, `category` and `tool-first` are our extensions; the spec puts extensions under `metadata`, so both places work. */
function extension(data: Record<string, unknown>, key: string): { value: unknown; field: string } {
  if (data[key] !== undefined) return { value: data[key], field: key };
  return { value: record(data.metadata)?.[key], field: `metadata.${key}` };
}

export function skillBody(text: string): string {
  return text.replace(FRONT_MATTER, '').trim();
}

/** `folder` is the skill's directory name, which the spec requires to equal `name`. */
export function parseSkillFile(text: string, file: string, folder: string): SkillParse {
  const problems: SkillProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ file, field, message });
  const match = FRONT_MATTER.exec(text);
  if (!match) return { ok: false, problems: [{ file, field: 'front matter', message: 'the file must start with YAML front matter between --- lines' }] };
  let data: Record<string, unknown> | undefined;
  try {
    data = record(parseYaml(match[1] as string));
  } catch (err) {
    return { ok: false, problems: [{ file, field: 'front matter', message: `invalid YAML: ${(err as Error).message.split('\n')[0]}` }] };
  }
  if (!data) return { ok: false, problems: [{ file, field: 'front matter', message: 'must be a YAML mapping' }] };

  const { name, description } = data;
  if (typeof name !== 'string' || !NAME.test(name)) problem('name', 'must be lowercase letters, digits, - or _ (at most 64)');
  else if (name !== folder) problem('name', `must equal the folder name "${folder}"`);
  if (typeof description !== 'string' || description.trim() === '') problem('description', 'must be a non-empty string');
  else if (description.length > MAX_DESCRIPTION) problem('description', `must be at most ${MAX_DESCRIPTION} characters`);

  const allowed = data['allowed-tools'] === undefined ? [] : toolList(data['allowed-tools']);
  if (!allowed) problem('allowed-tools', 'must be a list of tool names or one space-separated string');
  for (const tool of allowed ?? []) if (!TOOL_PATTERN.test(tool)) problem('allowed-tools', `"${tool}" is not a tool name or name pattern`);

  const categories: Record<string, string[]> = {};
  const given = extension(data, 'tool-categories');
  if (given.value !== undefined) {
    const map = record(given.value);
    if (!map) problem(given.field, 'must map each category to a list of tool names');
    for (const [key, tools] of Object.entries(map ?? {})) {
      const list = toolList(tools);
      if (!list) problem(`${given.field}.${key}`, 'must be a list of tool names');
      for (const tool of list ?? []) {
        if (!matchesAny(allowed, tool)) problem(`${given.field}.${key}`, `"${tool}" is not in allowed-tools`);
      }
      categories[key] = list ?? [];
    }
  }
  const category = extension(data, 'category');
  if (category.value !== undefined && typeof category.value !== 'string') problem(category.field, 'must be a string');
  const toolFirst = extension(data, 'tool-first');
  if (toolFirst.value !== undefined && typeof toolFirst.value !== 'boolean') problem(toolFirst.field, 'must be true or false');

  if (problems.length > 0) return { ok: false, problems };
  const skill: SkillDefinition = { name: name as string, description: (description as string).trim(), allowedTools: allowed ?? [], toolCategories: categories, toolFirst: toolFirst.value === true, path: file };
  const label = typeof category.value === 'string' ? category.value : Object.keys(categories).join(', ');
  if (label !== '') skill.category = label;
  return { ok: true, skill };
}
