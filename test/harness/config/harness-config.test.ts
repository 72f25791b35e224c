// The harness's environment variables: defaults, path resolution, and errors that name the variable without leaking secrets.
import path from 'node:path';
import t from 'tap';
import { ConfigError } from '../../../shared/config/load-config.ts';
import { harnessConfigVars, loadHarnessConfig } from '../../../harness/config/harness-config.ts';

t.test('defaults', async (t) => {
  const config = loadHarnessConfig({}, '/srv/nexus');
  t.match(config, {
    host: '127.0.0.1',
    port: 9011,
    mcpUrl: 'http://127.0.0.1:8100/mcp',
    dataDir: '/srv/nexus/data',
    mongodbDb: 'nexus',
    profilePath: '/srv/nexus/profile/profile.yaml',
    checkpointTtlHours: 168,
    logLevel: 'info',
    watch: true,
  });
  t.same(config.skillRoots, ['skills/public', 'skills/custom', 'plugins'].map((root) => path.join('/srv/nexus', root)));
  t.equal(config.mongodbUri, undefined);
  t.equal(config.serviceSecret, undefined);
});

t.test('values are parsed and checked; a bad one names its variable', async (t) => {
  const config = loadHarnessConfig({ NEXUS_HARNESS_PORT: '0', NEXUS_SKILL_ROOTS: '/a, b', NEXUS_CHECKPOINT_TTL_HOURS: '2', NEXUS_HARNESS_WATCH: 'off' }, '/w');
  t.match(config, { port: 0, checkpointTtlHours: 2, watch: false });
  t.same(config.skillRoots, ['/a', '/w/b']);
  t.throws(() => loadHarnessConfig({ NEXUS_HARNESS_PORT: 'x' }), ConfigError);
  t.throws(() => loadHarnessConfig({ NEXUS_HARNESS_PORT: 'x' }), /NEXUS_HARNESS_PORT/);
  t.throws(() => loadHarnessConfig({ NEXUS_MCP_URL: 'ftp://x' }), /NEXUS_MCP_URL/);
  t.throws(() => loadHarnessConfig({ NEXUS_CHECKPOINT_TTL_HOURS: '0' }), /NEXUS_CHECKPOINT_TTL_HOURS/);
  let message = '';
  try {
    loadHarnessConfig({ NEXUS_SERVICE_SECRET: 'too-short-secret' });
  } catch (err) {
    message = (err as Error).message;
  }
  t.match(message, /NEXUS_SERVICE_SECRET/);
  t.notMatch(message, /too-short-secret/, 'a secret is never echoed');
});

t.test('every variable is documented', async (t) => {
  for (const spec of Object.values(harnessConfigVars)) t.ok(spec.description.length > 10, spec.env);
});
