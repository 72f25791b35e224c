// Variables every Nexus process reads with the same meaning: where state lives, the service secret, the profile, the log level.
import { Type } from 'typebox';
import type { ConfigVar } from './load-config.ts';

export const commonConfigVars = {
  dataDir: { env: 'NEXUS_DATA_DIR', schema: Type.String({ minLength: 1 }), default: './data', path: true, description: 'Folder for the embedded store and the generated service secret.' },
  mongodbUri: { env: 'MONGODB_URI', schema: Type.String({ pattern: '^mongodb(\\+srv)?://' }), description: 'Use MongoDB (the official driver) instead of the embedded store.', secret: true },
  mongodbDb: { env: 'MONGODB_DB', schema: Type.String({ minLength: 1, pattern: '^[^/\\\\. "$]+$' }), default: 'nexus', description: 'Database name when MONGODB_URI is set.' },
  serviceSecret: { env: 'NEXUS_SERVICE_SECRET', schema: Type.String({ minLength: 32 }), description: 'Shared secret for calls between Nexus processes (at least 32 characters). Generated into the data folder when the embedded store is used; required with MONGODB_URI.', secret: true },
  profilePath: { env: 'NEXUS_RUNTIME_PROFILE_PATH', schema: Type.String({ minLength: 1 }), default: 'profile/profile.yaml', path: true, description: 'The runtime profile (roles, tools, review rules, routes, model).' },
  mcpUrl: { env: 'NEXUS_MCP_URL', schema: Type.String({ pattern: '^https?://[^\\s]+$' }), default: 'http://127.0.0.1:8100/mcp', description: 'Where the harness reaches the Operations MCP server; the server used when the profile lists none.' },
  logLevel: { env: 'NEXUS_LOG_LEVEL', schema: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level))), default: 'info', description: 'pino log level.' },
} as const satisfies Record<string, ConfigVar>;
