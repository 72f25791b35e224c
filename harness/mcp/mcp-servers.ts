// The MCP servers a run talks to: the profile's `mcp.servers`, or the app's own server at NEXUS_MCP_URL when the profile names none.
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { Profile } from '../../shared/contracts/profile.ts';

export type ResolvedMcpServer =
  | { name: string; transport: 'http'; url: string; auth: 'service' | 'none' }
  | { name: string; transport: 'stdio'; command: string; args: string[]; envFrom: Record<string, string>; cwd?: string };

const DEFAULT_SERVER_NAME = 'default';

/** A server without `url` is this deployment's own, so it gets the service credentials; any other URL gets none unless asked. */
export function resolveMcpServers(profile: Profile, defaultUrl: string): ResolvedMcpServer[] {
  const servers = profile.mcp?.servers;
  if (servers === undefined) return [{ name: DEFAULT_SERVER_NAME, transport: 'http', url: defaultUrl, auth: 'service' }];
  return servers.map((server): ResolvedMcpServer => {
    if (server.command !== undefined) {
      const stdio: ResolvedMcpServer = { name: server.name, transport: 'stdio', command: server.command, args: server.args ?? [], envFrom: server.envFrom ?? {} };
      if (server.cwd !== undefined) stdio.cwd = server.cwd;
      return stdio;
    }
    return { name: server.name, transport: 'http', url: server.url ?? defaultUrl, auth: server.auth ?? (server.url === undefined ? 'service' : 'none') };
  });
}

/** A stdio server gets the SDK's safe default environment plus only the variables the profile names, copied at start. */
export function stdioEnvironment(envFrom: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out = getDefaultEnvironment();
  for (const [target, from] of Object.entries(envFrom)) {
    const value = env[from];
    if (value !== undefined) out[target] = value;
  }
  return out;
}

/** Where a server is, for status pages and logs: never credentials (a URL's user info is dropped). */
export function describeServer(server: ResolvedMcpServer): string {
  if (server.transport === 'stdio') return [server.command, ...server.args].join(' ');
  const url = new URL(server.url);
  url.username = '';
  url.password = '';
  return url.toString();
}
