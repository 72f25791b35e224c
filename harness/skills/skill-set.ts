// Builds the enabled skill set from discovered files: overrides by name, profile bindings, one owner per tool, last good versions kept.
import type { DiscoveredSkill } from './discover-skills.ts';
import type { SkillDefinition, SkillProblem } from './skill-file.ts';

export interface SkillSetInput {
  discovered: readonly DiscoveredSkill[];
  /** The last good definition of each file, from the previous build; a broken edit falls back to it. */
  previous: ReadonlyMap<string, SkillDefinition>;
  disabledSkills: ReadonlySet<string>;
  /** Tools switched off in the profile; they have no owner to fight over. */
  toolDisabled: (name: string) => boolean;
  /** Names already taken by the profile's non-tool routes. */
  reservedNames: ReadonlySet<string>;
}

export interface SkillSet {
  skills: ReadonlyMap<string, SkillDefinition>;
  /** Every file's good definition, enabled or not: what the next build falls back to. */
  byFile: ReadonlyMap<string, SkillDefinition>;
  problems: SkillProblem[];
}

interface Candidate {
  skill: SkillDefinition;
  overrides: boolean;
  changed: boolean;
}

/** Whether two name patterns (exact, `*`, `prefix*`) can match one name. */
export function patternsOverlap(a: string, b: string): boolean {
  const pa = a.endsWith('*') ? a.slice(0, -1) : undefined;
  const pb = b.endsWith('*') ? b.slice(0, -1) : undefined;
  if (pa === undefined && pb === undefined) return a === b;
  if (pa !== undefined && pb !== undefined) return pa.startsWith(pb) || pb.startsWith(pa);
  return pa !== undefined ? b.startsWith(pa) : a.startsWith(pb as string);
}

const same = (a: SkillDefinition | undefined, b: SkillDefinition) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

function candidates(input: SkillSetInput, problems: SkillProblem[], byFile: Map<string, SkillDefinition>): Candidate[] {
  const out: Candidate[] = [];
  for (const found of input.discovered) {
    const before = input.previous.get(found.file);
    if (found.parse.ok) {
      byFile.set(found.file, found.parse.skill);
      out.push({ skill: found.parse.skill, overrides: found.overrides, changed: !same(before, found.parse.skill) });
      continue;
    }
    problems.push(...found.parse.problems);
    if (before) {
      byFile.set(found.file, before);
      out.push({ skill: before, overrides: found.overrides, changed: false });
    }
  }
  return out;
}

/** A custom skill replaces a same-named one; two of equal standing is a conflict, and the one found first stays. */
function byName(list: Candidate[], input: SkillSetInput, problems: SkillProblem[]): Map<string, Candidate> {
  const named = new Map<string, Candidate>();
  for (const candidate of list) {
    const { name, path: file } = candidate.skill;
    if (input.reservedNames.has(name)) {
      problems.push({ file, field: 'name', message: `"${name}" is already the name of a route in the profile` });
      continue;
    }
    const existing = named.get(name);
    if (existing && existing.overrides === candidate.overrides) {
      problems.push({ file, field: 'name', message: `"${name}" is also the name of ${existing.skill.path}` });
      continue;
    }
    if (!existing || candidate.overrides) named.set(name, candidate);
  }
  return named;
}

/**
 * Skills that did not change claim their tools first, so an edit that grabs another skill's tool is the one refused;
 * the edited skill then keeps its previous version if that one fits, and is left out otherwise.
 */
export function buildSkillSet(input: SkillSetInput): SkillSet {
  const problems: SkillProblem[] = [];
  const byFile = new Map<string, SkillDefinition>();
  const enabled = [...byName(candidates(input, problems, byFile), input, problems).values()].filter(
    (candidate) => !input.disabledSkills.has(candidate.skill.name),
  );
  const ordered = [...enabled.filter((c) => !c.changed), ...enabled.filter((c) => c.changed)];
  const owners: Array<{ pattern: string; skill: SkillDefinition }> = [];
  const skills = new Map<string, SkillDefinition>();
  const conflict = (skill: SkillDefinition) => {
    for (const pattern of skill.allowedTools) {
      if (input.toolDisabled(pattern)) continue;
      const owner = owners.find((entry) => patternsOverlap(entry.pattern, pattern));
      if (owner) return { pattern, owner: owner.skill };
    }
    return undefined;
  };
  for (const candidate of ordered) {
    let skill: SkillDefinition | undefined = candidate.skill;
    const clash = conflict(skill);
    if (clash) {
      problems.push({
        file: skill.path,
        field: 'allowed-tools',
        message: `"${clash.pattern}" is already owned by skill "${clash.owner.name}" (${clash.owner.path}); a tool belongs to at most one enabled skill`,
      });
      const file = skill.path;
      const before = input.previous.get(file);
      skill = before && before.name === skill.name && !conflict(before) ? before : undefined;
      // A refused version is not a good one to fall back to next time.
      if (skill) byFile.set(file, skill);
      else byFile.delete(file);
    }
    if (!skill) continue;
    for (const pattern of skill.allowedTools) if (!input.toolDisabled(pattern)) owners.push({ pattern, skill });
    skills.set(skill.name, skill);
  }
  return { skills, byFile, problems };
}
