// The API process on a MongoDB wire-protocol server (FerretDB in CI): every shipped plugin creates its indexes and loads, and works.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';
import { createTestEnv, projectRoot } from '../../helpers/test-env.ts';

const PLUGINS = ['chipchat', 'dige', 'rag', 'scheduler'];

const server = await startMongoTestServer();

t.test('plugins load on MongoDB and their routes read and write there', { skip: server ? false : NO_MONGO_SERVER_REASON }, async (t) => {
  if (server === undefined) return;
  const dbName = uniqueDbName('nexus_boot');
  t.teardown(async () => {
    const client = new MongoClient(server.uri);
    await client.db(dbName).dropDatabase();
    await client.close();
    await server.stop();
  });
  const te = await createTestEnv(t, {
    env: {
      MONGODB_URI: server.uri,
      MONGODB_DB: dbName,
      NEXUS_SERVICE_SECRET: 'mongodb-boot-test-secret-0123456789abcdef',
      NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'profile/profile.yaml'),
    },
  });
  for (const name of PLUGINS) await cp(path.join(projectRoot, 'plugins', name), path.join(te.pluginsDir, name), { recursive: true });
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const api = await createApiServer(kernel);
  t.teardown(async () => {
    await api.close();
    await kernel.close();
  });

  const { token } = await kernel.tokens.create({ userId: 'mona', role: 'operator' });
  const as = { authorization: `Bearer ${token}` };
  const plugins = await api.app.inject({ method: 'GET', url: '/api/system/plugins', headers: as });
  t.same(
    (plugins.json() as { plugins: Array<{ name: string; state: string }> }).plugins.map((p) => [p.name, p.state]).sort(),
    PLUGINS.map((name) => [name, 'loaded']),
  );

  const conversation = await api.app.inject({ method: 'POST', url: '/api/chipchat/conversations', headers: as, payload: { title: 'On MongoDB' } });
  t.equal(conversation.statusCode, 201, conversation.body);
  const listed = await api.app.inject({ method: 'GET', url: '/api/chipchat/conversations', headers: as });
  t.match(listed.json(), { items: [{ title: 'On MongoDB' }] });

  const preview = await api.app.inject({ method: 'POST', url: '/api/scheduler/cron/preview', headers: as, payload: { expression: '0 19 * * 1-5', timeZone: 'Europe/Berlin', from: '2026-03-06T12:00:00Z', count: 2 } });
  t.match(preview.json(), { fireTimes: ['2026-03-06T18:00:00.000Z', '2026-03-09T18:00:00.000Z'] });

  const collections = (await new MongoClient(server.uri).connect().then(async (client) => {
    const names = (await client.db(dbName).listCollections().toArray()).map((c) => c.name);
    await client.close();
    return names;
  })).sort();
  for (const name of ['chipchat_conversations', 'scheduler_tasks', 'scheduler_task_runs', 'dige_device_operations', 'agent_runs']) {
    t.ok(collections.includes(name), `${name} is on the server`);
  }
});
