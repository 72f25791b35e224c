// Reads the runtime profile for the harness: the shared schema first, then the cross-field rules a schema cannot say.
import { readFile } from 'node:fs/promises';
import { parseProfile, ProfileError, type Profile } from '../../shared/contracts/profile.ts';

function duplicates(names: readonly string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) !== index);
}

/** Problems named by field path, in the same style as the schema's own messages. */
function runtimeProblems(profile: Profile): string[] {
  const problems: string[] = [];
  const routes = profile.routes ?? [];
  for (const name of duplicates(routes.map((route) => route.name))) problems.push(`/routes: route name "${name}" is used twice`);
  const servers = profile.mcp?.servers ?? [];
  for (const name of duplicates(servers.map((server) => server.name))) problems.push(`/mcp/servers: server name "${name}" is used twice`);
  servers.forEach((server, i) => {
    const at = `/mcp/servers/${i}`;
    if (server.command !== undefined && server.url !== undefined) problems.push(`${at}: give either url (HTTP) or command (stdio), not both`);
    if (server.command === undefined) {
      for (const key of ['args', 'envFrom', 'cwd'] as const) {
        if (server[key] !== undefined) problems.push(`${at}/${key}: is only for a server started with command`);
      }
    } else if (server.auth === 'service') {
      problems.push(`${at}/auth: service credentials are sent over HTTP only; a stdio server runs as the harness itself`);
    }
  });
  const subagents = profile.subagents ?? [];
  for (const name of duplicates(subagents.map((subagent) => subagent.name))) problems.push(`/subagents: subagent name "${name}" is used twice`);
  subagents.forEach((subagent, i) => {
    if (subagent.availableIn.includes(subagent.skill)) problems.push(`/subagents/${i}/availableIn: a subagent cannot be offered to its own skill "${subagent.skill}"`);
  });
  const history = profile.history;
  if (history && history.summarizeAfter > 0 && history.keepRecent >= history.summarizeAfter) {
    problems.push('/history: keepRecent must be below summarizeAfter, or nothing would ever be summarised');
  }
  return problems;
}

export function parseRuntimeProfile(text: string, source: string): Profile {
  const profile = parseProfile(text, source);
  const problems = runtimeProblems(profile);
  if (problems.length > 0) throw new ProfileError(source, problems);
  return profile;
}

export async function readRuntimeProfile(file: string): Promise<Profile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ProfileError(file, [`cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`]);
  }
  return parseRuntimeProfile(text, file);
}
