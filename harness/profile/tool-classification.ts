// Classifies a tool from the profile: its model-visible description, task domain, permission class, review flag and switch.
import type { Profile } from '../../shared/contracts/profile.ts';
import { matchesAny } from '../../shared/contracts/profile.ts';
import type { PermissionClass } from '../../shared/contracts/profile-sections.ts';

export interface ToolClass {
  /** The profile's description, which replaces the server's; undefined keeps the server's. */
  description?: string;
  domain?: string;
  permission?: PermissionClass;
  /** Every call waits for a reviewer, whatever the role. */
  review: boolean;
  enabled: boolean;
}

/** `tools.<name>` wins field by field over the first matching `mcp.toolRules` entry. */
export function classifyTool(profile: Profile, name: string): ToolClass {
  const rule = profile.mcp?.toolRules?.find((candidate) => matchesAny(candidate.match, name));
  const spec = profile.tools?.[name];
  const out: ToolClass = { review: spec?.review ?? rule?.review ?? false, enabled: spec?.enabled ?? true };
  const description = spec?.description;
  const domain = spec?.domain ?? rule?.domain;
  const permission = spec?.permission ?? rule?.permission;
  if (description !== undefined) out.description = description;
  if (domain !== undefined) out.domain = domain;
  if (permission !== undefined) out.permission = permission;
  return out;
}

export function toolDisabled(profile: Profile, name: string): boolean {
  return profile.tools?.[name]?.enabled === false;
}
