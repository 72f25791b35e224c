// Writes console/src/api/api-types.ts, the console's view types, from the OpenAPI document the API builds out of its route schemas: `npm run console:api-types`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { createKernel } from '../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../kernel/http/create-api-server.ts';
import { consoleRoot } from './ensure-built.ts';

const projectRoot = path.resolve(consoleRoot, '..');
export const apiTypesFile = path.join(consoleRoot, 'src', 'api', 'api-types.ts');

const HEADER = '// Generated from the API\'s OpenAPI document by `npm run console:api-types`; do not edit (test/console/api-types.test.ts checks it).\n\n';

/**
 * Boots the API in-process with every plugin of plugins/ and an embedded store in a temporary folder, and asks it for
 * /docs/json: the document clients see, plugin routes included. Only the project's own files decide it, never the caller's
 * environment, so every machine generates the same types.
 */
export async function openApiDocument(): Promise<OpenAPI3> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nexus-openapi-'));
  try {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NEXUS_DATA_DIR: dataDir,
      NEXUS_PLUGINS_DIR: path.join(projectRoot, 'plugins'),
      NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'profile', 'profile.yaml'),
      NEXUS_LOG_LEVEL: 'silent',
    };
    const kernel = await createKernel({ process: 'api', env, watchProfile: false });
    try {
      const server = await createApiServer(kernel);
      try {
        const failed = server.host.status().filter((p) => p.state === 'failed');
        if (failed.length > 0) throw new Error(`plugins failed to load, so their routes would be missing: ${failed.map((p) => `${p.name} (${p.error})`).join('; ')}`);
        const res = await server.app.inject('/docs/json');
        if (res.statusCode !== 200) throw new Error(`GET /docs/json answered ${res.statusCode}`);
        return res.json() as OpenAPI3;
      } finally {
        await server.close();
      }
    } finally {
      await kernel.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function renderApiTypes(document: OpenAPI3): Promise<string> {
  return HEADER + astToString(await openapiTS(document, { silent: true }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(apiTypesFile, await renderApiTypes(await openApiDocument()));
  console.log(`console: wrote ${path.relative(projectRoot, apiTypesFile)}`);
}
