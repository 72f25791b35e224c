// A RunPolicy from plain data (name patterns per role and skill): the port's in-memory implementation.
import { matchesAny } from '../../shared/contracts/profile.ts';
import type { CallVerdict, RunPolicy } from './run-policy.ts';

export interface StaticRunPolicyConfig {
  /** Per role: tool name patterns (exact, `*`, or `prefix*`) it may use, and those that pause for review. */
  roles: Record<string, { tools: readonly string[]; reviewRequired?: readonly string[] }>;
  /** Per skill: its allowed-tools. A run without a skill sees every tool its role allows. */
  skills?: Record<string, readonly string[]>;
  /** Patterns refused for everyone, whatever the role says. */
  denied?: readonly string[];
  /** Skills whose first model call must call a tool. */
  toolFirst?: readonly string[];
}

export function createStaticRunPolicy(config: StaticRunPolicyConfig): RunPolicy {
  return {
    roleAllowsTool(role, toolName) {
      return matchesAny(config.roles[role]?.tools, toolName);
    },
    skillAllowsTool(skill, toolName) {
      if (skill === undefined) return true;
      return matchesAny(config.skills?.[skill], toolName);
    },
    skillRequiresTool: (skill) => config.toolFirst?.includes(skill) === true,
    evaluateCall({ identity, toolName }): CallVerdict {
      if (matchesAny(config.denied, toolName)) {
        return { action: 'deny', code: 'policy_denied', reason: `${toolName} is disabled by policy.` };
      }
      const role = config.roles[identity.role];
      if (!matchesAny(role?.tools, toolName)) {
        return { action: 'deny', code: 'permission_denied', reason: `Role ${identity.role} may not call ${toolName}.` };
      }
      if (matchesAny(role?.reviewRequired, toolName)) return { action: 'review', reason: 'review required by policy' };
      return { action: 'allow' };
    },
  };
}
