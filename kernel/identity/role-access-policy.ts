// The AccessPolicy read from the profile's role matrix at the moment of each check, so a profile edit applies to the next call.
import { matchesAny } from '../../shared/contracts/profile.ts';
import type { ProfileSource } from '../profile/profile-source.ts';
import type { AccessPolicy } from './identity.ts';

export function createRoleAccessPolicy(profiles: Pick<ProfileSource, 'current'>): AccessPolicy {
  const role = (name: string) => profiles.current().roles[name];
  return {
    hasRole: (name) => role(name) !== undefined,
    mayUseTool: (name, tool) => matchesAny(role(name)?.tools, tool),
    hasPermission: (name, permission) => matchesAny(role(name)?.permissions, permission),
  };
}
