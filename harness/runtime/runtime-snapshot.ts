// One consistent view of the profile and the enabled skills; a run keeps the snapshot it started with, whatever reloads later.
import type { Profile } from '../../shared/contracts/profile.ts';
import { createProfilePolicy } from '../profile/profile-policy.ts';
import type { SkillDefinition } from '../skills/skill-file.ts';
import type { RunPolicy } from '../tools/run-policy.ts';

/** What routing sees of a skill: never its body. */
export interface SkillIndexEntry {
  name: string;
  description: string;
  category?: string;
  path: string;
}

export interface RuntimeSnapshot {
  /** Increases with every reload that changed something. */
  generation: number;
  profile: Profile;
  skills: ReadonlyMap<string, SkillDefinition>;
  index: readonly SkillIndexEntry[];
  policy: RunPolicy;
  loadedAt: string;
}

export function createSnapshot(generation: number, profile: Profile, skills: ReadonlyMap<string, SkillDefinition>, loadedAt: string): RuntimeSnapshot {
  const index = [...skills.values()].map(({ name, description, category, path }) => {
    const entry: SkillIndexEntry = { name, description, path };
    if (category !== undefined) entry.category = category;
    return entry;
  });
  return { generation, profile, skills, index, policy: createProfilePolicy({ profile, skills }), loadedAt };
}
