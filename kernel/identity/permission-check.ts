// Checks permission names against what is declared: a role matrix entry or a check naming nothing declared is a silent 403.
import { matchesAny, type Profile } from '../../shared/contracts/profile.ts';
import type { AccessPolicy } from './identity.ts';

export interface UnknownPermission {
  readonly role: string;
  /** The entry as the profile writes it: a name, `prefix*`, or `*`. */
  readonly permission: string;
}

/** Each role's permission entries that match no declared name (`*` always matches). */
export function unknownRolePermissions(roles: Profile['roles'], declared: readonly string[]): UnknownPermission[] {
  return Object.entries(roles).flatMap(([role, spec]) =>
    (spec.permissions ?? []).filter((entry) => !declared.some((name) => matchesAny([entry], name))).map((permission) => ({ role, permission })),
  );
}

/** The access policy a plugin gets: asking about a permission it did not declare is a bug in the plugin, said at once. */
export function checkedAccess(access: AccessPolicy, plugin: string, declared: ReadonlySet<string>): AccessPolicy {
  return {
    hasRole: (role) => access.hasRole(role),
    mayUseTool: (role, tool) => access.mayUseTool(role, tool),
    hasPermission(role, permission) {
      if (!declared.has(permission)) throw new Error(`the ${plugin} plugin checks permission "${permission}", which neither its manifest nor the kernel declares`);
      return access.hasPermission(role, permission);
    },
  };
}
