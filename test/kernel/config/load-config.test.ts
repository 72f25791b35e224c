// The config loader: defaults, typed values, and a start-up refusal that names the variable without echoing secrets.
import t from 'tap';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../kernel/config/load-config.ts';

t.test('defaults apply and paths resolve against the working directory', async (t) => {
  const c = loadConfig({}, '/srv/nexus');
  t.equal(c.apiPort, 8000);
  t.equal(c.mcpPort, 8100);
  t.equal(c.apiHost, '127.0.0.1');
  t.equal(c.dataDir, path.resolve('/srv/nexus', 'data'));
  t.equal(c.watchPlugins, false);
  t.same(c.mcpAllowedOrigins, []);
  t.equal(c.mongodbUri, undefined);
});

t.test('values are parsed to their types', async (t) => {
  const c = loadConfig({ NEXUS_API_PORT: '9000', NEXUS_WATCH_PLUGINS: 'yes', NEXUS_MCP_ALLOWED_ORIGINS: 'http://a.test, http://b.test' }, '/');
  t.equal(c.apiPort, 9000);
  t.equal(c.watchPlugins, true);
  t.same(c.mcpAllowedOrigins, ['http://a.test', 'http://b.test']);
});

t.test('a bad value stops start-up with the variable named', async (t) => {
  t.throws(() => loadConfig({ NEXUS_API_PORT: 'eighty' }), { name: 'ConfigError', variable: 'NEXUS_API_PORT', message: /NEXUS_API_PORT.*eighty/ });
  t.throws(() => loadConfig({ NEXUS_API_PORT: '70000' }), { message: /NEXUS_API_PORT/ });
  t.throws(() => loadConfig({ NEXUS_LOG_LEVEL: 'loud' }), { message: /NEXUS_LOG_LEVEL/ });
  t.throws(() => loadConfig({ NEXUS_WATCH_PLUGINS: 'maybe' }), { message: /NEXUS_WATCH_PLUGINS/ });
  t.throws(() => loadConfig({ MONGODB_URI: 'postgres://u:hunter2@db' }), ConfigError);
  try {
    loadConfig({ NEXUS_SERVICE_SECRET: 'hunter2' });
    t.fail('a short secret must be refused');
  } catch (err) {
    t.match((err as Error).message, /NEXUS_SERVICE_SECRET/);
    t.notMatch((err as Error).message, /hunter2/, 'a secret value is never echoed');
  }
});
