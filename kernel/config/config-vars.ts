// Every environment variable Nexus reads, with its schema, default and meaning: the single source for the loader and the README table.
import { Type } from 'typebox';
import type { ConfigVar } from '../../shared/config/load-config.ts';
import { commonConfigVars } from '../../shared/config/common-vars.ts';

const Port = Type.Integer({ minimum: 0, maximum: 65535 });
const Host = Type.String({ minLength: 1 });
const Url = Type.String({ pattern: '^https?://[^\\s]+$' });
const Flag = Type.Boolean();

export const configVars = {
  ...commonConfigVars,
  apiHost: { env: 'NEXUS_API_HOST', schema: Host, default: '127.0.0.1', description: 'Interface the REST API binds to.' },
  apiPort: { env: 'NEXUS_API_PORT', schema: Port, default: '8000', description: 'REST API port.' },
  apiBodyLimit: { env: 'NEXUS_API_BODY_LIMIT', schema: Type.Integer({ minimum: 1024 }), default: '1048576', description: 'Largest accepted JSON body, in bytes.' },
  publicUrl: { env: 'NEXUS_PUBLIC_URL', schema: Url, description: 'The URL users reach the API at, when it is not http://<host>:<port>.' },
  mcpHost: { env: 'NEXUS_MCP_HOST', schema: Host, default: '127.0.0.1', description: 'Interface the Operations MCP server binds to (loopback unless you put it behind a gateway).' },
  mcpPort: { env: 'NEXUS_MCP_PORT', schema: Port, default: '8100', description: 'Operations MCP port (Streamable HTTP at /mcp).' },
  mcpAllowedOrigins: { env: 'NEXUS_MCP_ALLOWED_ORIGINS', schema: Type.Array(Type.String({ pattern: '^https?://[^\\s/]+$' })), default: '', description: 'Comma-separated browser origins allowed to call the MCP server, besides its own loopback origins.' },
  mcpAllowedHosts: { env: 'NEXUS_MCP_ALLOWED_HOSTS', schema: Type.Array(Type.String({ minLength: 1 })), default: '', description: 'Comma-separated Host header values the MCP server accepts (host:port); when empty, 127.0.0.1, localhost and [::1] with its port.' },
  harnessUrl: { env: 'NEXUS_HARNESS_URL', schema: Url, default: 'http://127.0.0.1:9011', description: 'Where the API reaches the agent harness.' },
  pluginsDir: { env: 'NEXUS_PLUGINS_DIR', schema: Type.String({ minLength: 1 }), default: 'plugins', path: true, description: 'Folder scanned for plugins/<name>/plugin.ts.' },
  watchPlugins: { env: 'NEXUS_WATCH_PLUGINS', schema: Flag, default: 'false', description: 'Load, reload and unload plugins while running when their folders change (on under npm start).' },
  harnessTimeoutMs: { env: 'NEXUS_HARNESS_TIMEOUT_MS', schema: Type.Integer({ minimum: 1000 }), default: '300000', description: 'Longest the API waits for one agent run (or resume) before recording it as failed.' },
  reviewTtlHours: { env: 'NEXUS_REVIEW_TTL_HOURS', schema: Type.Number({ exclusiveMinimum: 0 }), default: '72', description: 'A pending human review older than this resumes as rejected.' },
  sessionLeaseMs: { env: 'NEXUS_SESSION_LEASE_MS', schema: Type.Integer({ minimum: 1000 }), default: '30000', description: 'How long an API copy holds a busy session without renewing it before another copy treats it as gone.' },
  sessionPollMs: { env: 'NEXUS_SESSION_POLL_MS', schema: Type.Integer({ minimum: 10 }), default: '250', description: 'How often a message queued behind a busy session (policy enqueue) checks whether its turn has come.' },
  workerPollMs: { env: 'NEXUS_WORKER_POLL_MS', schema: Type.Integer({ minimum: 50 }), default: '1000', description: 'How often the worker looks for due work.' },
} as const satisfies Record<string, ConfigVar>;

export type ConfigKey = keyof typeof configVars;
