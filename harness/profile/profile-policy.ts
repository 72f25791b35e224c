// The RunPolicy the harness runs with: the profile's role matrix, tool classification and routes, and the enabled skills.
import type { Profile } from '../../shared/contracts/profile.ts';
import { matchesAny } from '../../shared/contracts/profile.ts';
import type { SkillDefinition } from '../skills/skill-file.ts';
import type { CallVerdict, RunPolicy } from '../tools/run-policy.ts';
import { subagentOfTool } from '../tools/subagent-tools.ts';
import { classifyTool } from './tool-classification.ts';

export interface PolicyView {
  profile: Profile;
  skills: ReadonlyMap<string, SkillDefinition>;
}

/**
 * A run without a skill sees what its role allows. A skill that is gone (removed while a run waited for review)
 * allows nothing, so a paused run never gains tools it did not have.
 */
export function createProfilePolicy(view: PolicyView): RunPolicy {
  const { profile, skills } = view;
  const routes = new Set((profile.routes ?? []).map((route) => route.name));
  const roleAllows = (role: string, toolName: string) =>
    matchesAny(profile.roles[role]?.tools, toolName) && classifyTool(profile, toolName).enabled;
  /** A delegation tool is offered only in the skills its binding names, and only while its own skill is enabled. */
  const skillAllows = (skill: string | undefined, toolName: string) => {
    const subagent = subagentOfTool(profile, toolName);
    if (subagent) return skill !== undefined && subagent.availableIn.includes(skill) && skills.has(subagent.skill);
    return skill === undefined || matchesAny(skills.get(skill)?.allowedTools, toolName);
  };
  return {
    roleAllowsTool: roleAllows,
    skillAllowsTool: skillAllows,
    routeUsesTools: (route) => !routes.has(route),
    skillRequiresTool: (skill) => profile.skills?.[skill]?.toolFirst ?? skills.get(skill)?.toolFirst === true,
    evaluateCall({ identity, skill, toolName }): CallVerdict {
      const tool = classifyTool(profile, toolName);
      if (!tool.enabled) return { action: 'deny', code: 'policy_denied', reason: `The tool ${toolName} is switched off in the profile.` };
      if (!roleAllows(identity.role, toolName)) {
        return { action: 'deny', code: 'permission_denied', reason: `The role ${identity.role} may not call ${toolName}.` };
      }
      if (!skillAllows(skill, toolName)) {
        return { action: 'deny', code: 'policy_denied', reason: `The tool ${toolName} is not part of the active skill.` };
      }
      if (tool.review) return { action: 'review', reason: 'the profile marks this tool for review' };
      if (matchesAny(profile.roles[identity.role]?.reviewRequired, toolName)) return { action: 'review', reason: 'review required for this role' };
      return { action: 'allow' };
    },
  };
}
