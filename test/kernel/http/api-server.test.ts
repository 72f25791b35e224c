// The API server through Fastify inject: auth, permissions, the error model, plugin routes, OpenAPI.
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { createTestEnv } from '../../helpers/test-env.ts';

const te = await createTestEnv(t, { plugins: ['hello', 'throws'], env: { NEXUS_API_BODY_LIMIT: '2048' } });
const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
const server = await createApiServer(kernel);
t.teardown(async () => {
  await server.close();
  await kernel.close();
});
const admin = (await kernel.tokens.create({ userId: 'root', role: 'admin' })).token;
const greeter = (await kernel.tokens.create({ userId: 'gina', role: 'greeter' })).token;
const viewer = (await kernel.tokens.create({ userId: 'vic', role: 'viewer' })).token;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const app = server.app;

t.test('health and readiness need no token', async (t) => {
  t.equal((await app.inject('/health')).statusCode, 200);
  const ready = await app.inject('/ready');
  t.equal(ready.statusCode, 200);
  t.equal(ready.json().store, 'embedded');
});

t.test('every other route needs a valid token', async (t) => {
  const none = await app.inject('/api/system/plugins');
  t.equal(none.statusCode, 401);
  t.same(none.json().error.code, 'unauthorized');
  t.equal(none.headers['www-authenticate'], 'Bearer');
  t.equal((await app.inject({ url: '/api/system/plugins', headers: auth('nxt_forged') })).json().error.code, 'unauthorized');
  t.equal((await app.inject({ url: '/api/system/plugins', headers: { authorization: 'Basic abc' } })).statusCode, 401);
});

t.test('revoked and expired tokens are refused with their own codes', async (t) => {
  const { token, summary } = await kernel.tokens.create({ userId: 'temp', role: 'viewer' });
  t.equal((await app.inject({ url: '/api/system/plugins', headers: auth(token) })).statusCode, 200);
  await kernel.tokens.revoke({ id: summary.id });
  const revoked = await app.inject({ url: '/api/system/plugins', headers: auth(token) });
  t.equal(revoked.statusCode, 401);
  t.equal(revoked.json().error.code, 'token_revoked');

  const { token: old } = await kernel.tokens.create({ userId: 'old', role: 'viewer', expiresInDays: 1 });
  const { createTokenService } = await import('../../../kernel/identity/token-service.ts');
  const { createTokenRepository } = await import('../../../kernel/identity/token-repository.ts');
  const later = createTokenService({ repository: await createTokenRepository(kernel.store), access: kernel.access, now: () => new Date(Date.now() + 2 * 86_400_000) });
  await t.rejects(later.resolve(old), { code: 'token_expired', status: 401 });
});

t.test('the plugin status page lists loaded and failed plugins', async (t) => {
  const res = await app.inject({ url: '/api/system/plugins', headers: auth(viewer) });
  t.equal(res.statusCode, 200);
  const plugins = res.json().plugins as { name: string; state: string; error: string | null; tools: string[] }[];
  const hello = plugins.find((p) => p.name === 'hello');
  t.equal(hello?.state, 'loaded');
  t.same(hello?.tools, ['hello_greet']);
  const broken = plugins.find((p) => p.name === 'throws');
  t.equal(broken?.state, 'failed');
  t.match(broken?.error, /broken on purpose/);
});

t.test('plugin routes are mounted under /api/<name> with the role check', async (t) => {
  const ok = await app.inject({ method: 'POST', url: '/api/hello/greetings', headers: auth(greeter), payload: { name: 'Ada' } });
  t.equal(ok.statusCode, 200);
  t.same(ok.json(), { greeting: 'Hello, Ada!', count: 1 });
  const forbidden = await app.inject({ method: 'POST', url: '/api/hello/greetings', headers: auth(viewer), payload: { name: 'Ada' } });
  t.equal(forbidden.statusCode, 403);
  t.equal(forbidden.json().error.code, 'forbidden');
  const refused = await app.inject({ method: 'POST', url: '/api/hello/greetings', headers: auth(greeter), payload: { name: 'nobody' } });
  t.equal(refused.statusCode, 422);
  t.same(refused.json(), { error: { code: 'hello_name_refused', message: 'That name is refused.', details: { name: 'nobody' } } });
  const failedPlugin = await app.inject({ url: '/api/throws/anything', headers: auth(admin) });
  t.equal(failedPlugin.statusCode, 503);
  t.equal(failedPlugin.json().error.code, 'plugin_unavailable');
});

t.test('bad input gets a clear error and nothing stored is lost', async (t) => {
  const post = (payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/hello/greetings', headers: { ...auth(greeter), 'content-type': 'application/json', ...headers }, payload });
  const before = await kernel.store.collection('hello_greetings').countDocuments({});

  const malformed = await post('{"name": ');
  t.equal(malformed.statusCode, 400);
  t.equal(malformed.json().error.code, 'invalid_json');

  const wrongType = await post(JSON.stringify({ name: 42 }));
  t.equal(wrongType.statusCode, 400);
  t.equal(wrongType.json().error.code, 'validation_failed');
  t.same(wrongType.json().error.details, { issues: [{ path: '/body/name', message: 'expected a string, got a number (42)' }] });
  t.equal(wrongType.json().error.message, 'The request is not valid: /body/name: expected a string, got a number (42)');

  const unknownField = await post(JSON.stringify({ name: 'Ada', admin: true }));
  t.equal(unknownField.statusCode, 400);
  t.same(unknownField.json().error.details.issues, [{ path: '/body/admin', message: 'unknown field `admin`; the allowed fields are `name`' }]);

  const misspelt = await post(JSON.stringify({ nmae: 'Ada' }));
  t.equal(misspelt.statusCode, 400);
  t.same(misspelt.json().error.details.issues, [
    { path: '/body/name', message: 'missing required field `name`' },
    { path: '/body/nmae', message: 'unknown field `nmae`; did you mean `name`?' },
  ]);

  const tooBig = await post(JSON.stringify({ name: 'x'.repeat(4096) }));
  t.equal(tooBig.statusCode, 413);
  t.equal(tooBig.json().error.code, 'payload_too_large');

  const wrongMedia = await post('name=Ada', { 'content-type': 'text/csv' });
  t.equal(wrongMedia.statusCode, 415);
  t.equal(wrongMedia.json().error.code, 'unsupported_media_type');

  const unknownRoute = await app.inject({ url: '/api/nowhere/at-all', headers: auth(admin) });
  t.equal(unknownRoute.statusCode, 404);
  t.equal(unknownRoute.json().error.code, 'route_not_found');

  t.equal(await kernel.store.collection('hello_greetings').countDocuments({}), before, 'no bad request wrote anything');
});

t.test('every response carries a request id and echoes a correlation id', async (t) => {
  const res = await app.inject({ url: '/health', headers: { 'x-correlation-id': 'corr-123' } });
  t.equal(res.headers['x-correlation-id'], 'corr-123');
  t.ok(res.headers['x-request-id']);
});

t.test('OpenAPI at /docs covers kernel and plugin routes', async (t) => {
  const spec = await app.inject('/docs/json');
  t.equal(spec.statusCode, 200);
  const paths = Object.keys(spec.json().paths);
  t.ok(paths.includes('/api/system/plugins'));
  t.ok(paths.includes('/api/audit/runs'));
  t.ok(paths.includes('/api/hello/greetings'));
  t.equal((await app.inject('/docs')).statusCode < 400, true);
  const asset = await app.inject('/docs/static/swagger-ui.css');
  t.equal(asset.statusCode, 200, 'the UI assets are served offline (and work on Node 20, whatever their engines field says)');
  t.match(asset.headers['content-type'], /text\/css/);
});
