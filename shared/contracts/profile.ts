// The runtime profile's schema (profile/profile.yaml): read by the kernel for the role matrix and by the harness for runtime policy.
import { Type, type Static } from 'typebox';
import { parse as parseYaml } from 'yaml';
import { formatIssue, schemaIssues } from '../errors/schema-check.ts';
import { NamePatternSchema as Pattern, RuntimeSections } from './profile-sections.ts';

export const RoleSchema = Type.Object(
  {
    description: Type.Optional(Type.String()),
    /** App permissions (REST capabilities), e.g. `audit.read`, `tokens.manage`, `dige.*`. */
    permissions: Type.Array(Pattern),
    /** MCP tools this role may see and call. */
    tools: Type.Array(Pattern),
    /** Tools whose calls by this role pause for human review before they run. */
    reviewRequired: Type.Optional(Type.Array(Pattern)),
    /** Tools whose pending calls this role may decide as a reviewer. */
    reviews: Type.Optional(Type.Array(Pattern)),
  },
  { additionalProperties: false },
);

export const ProfileSchema = Type.Object(
  {
    version: Type.Union([Type.String({ minLength: 1 }), Type.Integer()]),
    roles: Type.Record(Type.String({ pattern: '^[a-z][a-z0-9_-]*$' }), RoleSchema, { minProperties: 1 }),
    ...RuntimeSections,
  },
  { additionalProperties: true },
);

export type RoleSpec = Static<typeof RoleSchema>;
export type Profile = Static<typeof ProfileSchema>;

export class ProfileError extends Error {
  constructor(readonly source: string, readonly problems: string[]) {
    super(`${source}: invalid profile: ${problems.join('; ')}`);
    this.name = 'ProfileError';
  }
}

/** Parses and validates profile YAML; throws ProfileError naming the file and each offending field. */
export function parseProfile(text: string, source: string): Profile {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (err) {
    throw new ProfileError(source, [`YAML: ${(err as Error).message.split('\n')[0]}`]);
  }
  const issues = schemaIssues(ProfileSchema, data);
  if (issues) throw new ProfileError(source, issues.slice(0, 10).map(formatIssue));
  return data as Profile;
}

/** True when `name` matches one of the patterns (exact, `*`, or prefix*). */
export function matchesAny(patterns: readonly string[] | undefined, name: string): boolean {
  if (!patterns) return false;
  return patterns.some((p) => p === '*' || p === name || (p.endsWith('*') && name.startsWith(p.slice(0, -1))));
}
