// The secret Nexus processes present to each other: from the environment, or generated once into the embedded data folder.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/load-config.ts';

export const SERVICE_SECRET_FILE = 'service-secret';

export function resolveServiceSecret(config: { serviceSecret?: string; mongodbUri?: string; dataDir: string }): string {
  if (config.serviceSecret) return config.serviceSecret;
  if (config.mongodbUri) {
    throw new ConfigError('NEXUS_SERVICE_SECRET', 'is required when MONGODB_URI is set (processes may run on different machines)');
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, SERVICE_SECRET_FILE);
  try {
    // 'wx' fails when the file exists, so concurrent first starts agree on one secret.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}
