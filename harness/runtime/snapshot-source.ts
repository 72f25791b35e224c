// Holds the current runtime snapshot and rebuilds it from disk on demand; a broken edit is reported and the last good version kept.
import type { Logger } from 'pino';
import { ProfileError, type Profile } from '../../shared/contracts/profile.ts';
import { readRuntimeProfile } from '../profile/runtime-profile.ts';
import { toolDisabled } from '../profile/tool-classification.ts';
import { discoverSkills } from '../skills/discover-skills.ts';
import { formatSkillProblem, type SkillDefinition } from '../skills/skill-file.ts';
import { buildSkillSet } from '../skills/skill-set.ts';
import { createSnapshot, type RuntimeSnapshot } from './runtime-snapshot.ts';

export interface ReloadReport {
  at: string;
  generation: number;
  changed: boolean;
  /** Every problem found by this reload, each naming its file and field; empty when all was well. */
  problems: string[];
}

export interface SnapshotSource {
  current(): RuntimeSnapshot;
  /** Reloads are queued, so each one sees the files as they are when it starts. */
  reload(): Promise<ReloadReport>;
  lastReload(): ReloadReport;
  onReload(listener: (report: ReloadReport) => void): () => void;
}

export interface SnapshotSourceOptions {
  profilePath: string;
  skillRoots: readonly string[];
  logger: Logger;
  now?: () => number;
}

function fallbackProblem(profile: Profile, skills: ReadonlyMap<string, SkillDefinition>, file: string): string[] {
  const fallback = profile.routing?.fallback;
  if (fallback === undefined || skills.has(fallback) || profile.routes?.some((route) => route.name === fallback)) return [];
  return [`${file}: /routing/fallback: "${fallback}" is neither a route nor an enabled skill; it is ignored`];
}

function subagentProblems(profile: Profile, skills: ReadonlyMap<string, SkillDefinition>, file: string): string[] {
  return (profile.subagents ?? []).flatMap((subagent, i) => [
    ...(skills.has(subagent.skill) ? [] : [`${file}: /subagents/${i}/skill: "${subagent.skill}" is not an enabled skill; the subagent is offered nowhere`]),
    ...subagent.availableIn.filter((name) => !skills.has(name)).map((name) => `${file}: /subagents/${i}/availableIn: "${name}" is not an enabled skill`),
  ]);
}

/** The profile must be valid at start-up (the caller exits on ProfileError); skill problems never stop the start. */
export async function createSnapshotSource(options: SnapshotSourceOptions): Promise<SnapshotSource> {
  const now = options.now ?? Date.now;
  const listeners = new Set<(report: ReloadReport) => void>();
  let profile = await readRuntimeProfile(options.profilePath);
  let byFile: ReadonlyMap<string, SkillDefinition> = new Map();
  let snapshot: RuntimeSnapshot | undefined;
  let last: ReloadReport;
  let queue: Promise<unknown> = Promise.resolve();

  async function rebuild(): Promise<ReloadReport> {
    const problems: string[] = [];
    try {
      profile = await readRuntimeProfile(options.profilePath);
    } catch (err) {
      if (!(err instanceof ProfileError)) throw err;
      problems.push(...err.problems.map((problem) => `${err.source}: ${problem}`));
    }
    const set = buildSkillSet({
      discovered: await discoverSkills(options.skillRoots),
      previous: byFile,
      disabledSkills: new Set(Object.entries(profile.skills ?? {}).filter(([, binding]) => binding.enabled === false).map(([name]) => name)),
      toolDisabled: (name) => toolDisabled(profile, name),
      reservedNames: new Set((profile.routes ?? []).map((route) => route.name)),
    });
    byFile = set.byFile;
    problems.push(...set.problems.map(formatSkillProblem), ...fallbackProblem(profile, set.skills, options.profilePath), ...subagentProblems(profile, set.skills, options.profilePath));
    const at = new Date(now()).toISOString();
    const changed =
      snapshot === undefined ||
      JSON.stringify([profile, [...set.skills.values()]]) !== JSON.stringify([snapshot.profile, [...snapshot.skills.values()]]);
    if (changed) snapshot = createSnapshot((snapshot?.generation ?? 0) + 1, profile, set.skills, at);
    const report: ReloadReport = { at, generation: (snapshot as RuntimeSnapshot).generation, changed, problems };
    for (const problem of problems) options.logger.error({ problem }, 'skill or profile problem; keeping the last good version');
    if (changed) options.logger.info({ generation: report.generation, skills: [...set.skills.keys()], version: profile.version }, 'skills and profile loaded');
    last = report;
    for (const listener of listeners) listener(report);
    return report;
  }

  last = await rebuild();
  return {
    current: () => snapshot as RuntimeSnapshot,
    reload() {
      const next = queue.then(rebuild);
      queue = next.catch(() => undefined);
      return next;
    },
    lastReload: () => last,
    onReload(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
