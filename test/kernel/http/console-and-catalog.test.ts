// The routes the web console needs from the kernel: the caller's identity, tool and task-kind catalogues, harness status, and the console's files at /.
import t from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { createTestEnv } from '../../helpers/test-env.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

// A stand-in harness that answers /status only to the service secret.
let seenAuthorization: string | undefined;
const harness = createServer((req, res) => {
  seenAuthorization = req.headers.authorization;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', skills: [{ name: 'hello' }] }));
});
await new Promise<void>((resolve) => harness.listen(0, '127.0.0.1', resolve));
t.teardown(() => harness.close());

const consoleDir = await tempDirFor(t, 'nexus-console-');
await mkdir(path.join(consoleDir, 'assets'));
await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>Nexus console</title>');
await writeFile(path.join(consoleDir, 'assets', 'app-1234.js'), 'console.log(1)');
await writeFile(path.join(consoleDir, 'favicon.svg'), '<svg/>');

const te = await createTestEnv(t, { plugins: ['hello'], env: { NEXUS_HARNESS_URL: `http://127.0.0.1:${(harness.address() as AddressInfo).port}` } });
const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
const server = await createApiServer(kernel, { consoleDir });
const unbuilt = await createApiServer(kernel, { consoleDir: path.join(consoleDir, 'missing') });
t.teardown(async () => {
  await unbuilt.close();
  await server.close();
  await kernel.close();
});
const admin = (await kernel.tokens.create({ userId: 'root', role: 'admin' })).token;
const greeter = (await kernel.tokens.create({ userId: 'gina', role: 'greeter' })).token;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const app = server.app;

t.test('GET /api/system/me names the caller and their role patterns, for any role', async (t) => {
  const res = await app.inject({ url: '/api/system/me', headers: auth(greeter) });
  t.equal(res.statusCode, 200);
  t.same(res.json(), {
    userId: 'gina', role: 'greeter', via: 'user', description: null,
    permissions: ['system.read', 'hello.greet', 'audit.read.own'], tools: ['hello_*'], reviews: [], reviewRequired: [],
  });
  t.equal((await app.inject({ url: '/api/system/me', headers: auth(admin) })).json().permissions[0], '*');
  t.equal((await app.inject('/api/system/me')).statusCode, 401, 'a token is still needed');
});

t.test('GET /api/system/tools lists each tool with its schema and annotations', async (t) => {
  const res = await app.inject({ url: '/api/system/tools', headers: auth(greeter) });
  t.equal(res.statusCode, 200);
  const tool = (res.json().items as { name: string; plugin: string; inputSchema: { properties: object }; annotations: object }[]).find((x) => x.name === 'hello_greet');
  t.equal(tool?.plugin, 'hello');
  t.ok(tool?.inputSchema.properties && 'name' in tool.inputSchema.properties);
  t.match(tool?.annotations, { readOnlyHint: false, destructiveHint: false });
  t.same((await app.inject({ url: '/api/system/task-kinds', headers: auth(greeter) })).json(), { items: [] });
});

t.test('GET /api/system/harness relays the harness status with the service secret', async (t) => {
  const res = await app.inject({ url: '/api/system/harness', headers: auth(greeter) });
  t.equal(res.statusCode, 200);
  t.same(res.json().skills, [{ name: 'hello' }]);
  t.equal(seenAuthorization, `Bearer ${kernel.serviceSecret}`);
});

t.test('the console is served at / with client-side routes falling back to index.html', async (t) => {
  const root = await app.inject('/');
  t.equal(root.statusCode, 200);
  t.match(root.headers['content-type'], /text\/html/);
  t.match(root.headers['content-security-policy'], /default-src 'self'/);
  t.equal(root.headers['cache-control'], 'no-cache');
  t.match(root.body, /Nexus console/);
  const route = await app.inject('/reviews/history?x=1');
  t.equal(route.statusCode, 200);
  t.match(route.body, /Nexus console/);
  const asset = await app.inject('/assets/app-1234.js');
  t.equal(asset.statusCode, 200);
  t.match(asset.headers['content-type'], /text\/javascript/);
  t.match(asset.headers['cache-control'], /immutable/);
  t.equal((await app.inject('/favicon.svg')).headers['content-type'], 'image/svg+xml');
});

t.test('API, docs and missing files keep their JSON 404s; nothing outside the folder is served', async (t) => {
  const api = await app.inject('/api/nothing/here');
  t.equal(api.statusCode, 404);
  t.equal(api.json().error.code, 'route_not_found');
  t.equal((await app.inject('/api/system')).json().error.code, 'route_not_found');
  t.equal((await app.inject('/assets/missing.js')).statusCode, 404);
  for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
    const res = await app.inject(url);
    t.not(res.body.includes('"name": "nexus"'), true, `${url} stays inside the console folder`);
  }
  t.equal((await app.inject('/docs')).statusCode, 200, 'the OpenAPI UI is still at /docs');
  t.equal((await app.inject({ url: '/api/hello/greetings', method: 'POST', headers: auth(greeter), payload: { name: 'Ann' } })).statusCode, 200, 'plugin routes still dispatch');
});

t.test('an unbuilt console answers 503 with the command that builds it', async (t) => {
  const res = await unbuilt.app.inject('/');
  t.equal(res.statusCode, 503);
  t.match(res.json().error.message, /npm run build:console/);
});
