// Permission names are checked against the declared ones: a route's at mount, a plugin's own checks, the role matrix's at profile load.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer } from '../../../kernel/http/create-api-server.ts';
import { checkedAccess, unknownRolePermissions } from '../../../kernel/identity/permission-check.ts';
import { createTestEnv } from '../../helpers/test-env.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

const profileWith = (greeter: string[]) => `version: "typo-1"
roles:
  admin:
    permissions: ["*"]
    tools: ["*"]
  greeter:
    permissions: ${JSON.stringify(greeter)}
    tools: ["hello_*"]
`;

t.test('a route naming an undeclared permission fails its plugin load with the reason; the others load', async (t) => {
  const te = await createTestEnv(t, { plugins: ['hello', 'undeclared-permission'] });
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const server = await createApiServer(kernel);
  t.teardown(async () => {
    await server.close();
    await kernel.close();
  });
  const state = (name: string) => server.host.status().find((s) => s.name === name);
  t.match(state('undeclared-permission'), {
    state: 'failed',
    error:
      'routes could not be mounted: route GET /api/undeclared-permission/items needs permission "undeclared-permission.raed", ' +
      'which the undeclared-permission manifest does not declare (declared: undeclared-permission.read)',
  });
  t.match(state('hello'), { state: 'loaded' });
  const { token } = await kernel.tokens.create({ userId: 'root', role: 'admin' });
  const res = await server.app.inject({ url: '/api/undeclared-permission/items', headers: { authorization: `Bearer ${token}` } });
  t.equal(res.statusCode, 503, 'the route is not served');
  t.equal(res.json().error.code, 'plugin_unavailable');
});

t.test('GET /api/system/profile names the role entries that grant nothing declared, and follows edits', async (t) => {
  const profilePath = path.join(await tempDirFor(t, 'nexus-profile-'), 'profile.yaml');
  await writeFile(profilePath, profileWith(['system.read', 'helo.greet', 'hello.*', 'agent.*', 'tokens.*']));
  const te = await createTestEnv(t, { plugins: ['hello'], env: { NEXUS_RUNTIME_PROFILE_PATH: profilePath } });
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const server = await createApiServer(kernel);
  t.teardown(async () => {
    await server.close();
    await kernel.close();
  });
  const { token } = await kernel.tokens.create({ userId: 'root', role: 'admin' });
  const profile = async () => (await server.app.inject({ url: '/api/system/profile', headers: { authorization: `Bearer ${token}` } })).json();
  t.match(await profile(), {
    version: 'typo-1',
    unknownPermissions: [
      { role: 'greeter', permission: 'helo.greet' },
      { role: 'greeter', permission: 'tokens.*' },
    ],
  });
  t.equal((await profile()).unknownPermissions.length, 2, '`*`, a kernel prefix and a plugin prefix all grant something');
  await writeFile(profilePath, profileWith(['system.read', 'hello.greet']).replace('typo-1', 'typo-2'));
  t.ok(kernel.profile.reload());
  t.match(await profile(), { version: 'typo-2', unknownPermissions: [] });
});

t.test('the role matrix check in detail', async (t) => {
  const roles = { a: { permissions: ['*', 'x.read', 'x.*', 'y.*', 'x.readd'], tools: [] } };
  t.strictSame(unknownRolePermissions(roles, ['x.read', 'x.write']), [
    { role: 'a', permission: 'y.*' },
    { role: 'a', permission: 'x.readd' },
  ]);
});

t.test("a plugin's own permission checks must name a declared permission", async (t) => {
  const access = { hasRole: () => true, mayUseTool: () => true, hasPermission: (_role: string, permission: string) => permission === 'notes.read' };
  const checked = checkedAccess(access, 'notes', new Set(['notes.read', 'notes.write']));
  t.equal(checked.hasPermission('viewer', 'notes.read'), true);
  t.equal(checked.hasPermission('viewer', 'notes.write'), false);
  t.throws(() => checked.hasPermission('viewer', 'notes.raed'), {
    message: 'the notes plugin checks permission "notes.raed", which neither its manifest nor the kernel declares',
  });
});
