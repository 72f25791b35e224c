// The real `nexus token` command against a data folder: create, list, revoke, and refusals with exit code 2.
import t from 'tap';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createTestEnv, projectRoot } from '../../helpers/test-env.ts';

const te = await createTestEnv(t);
const nexus = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(projectRoot, 'kernel/cli/nexus.mjs'), ...args], { env: te.env, cwd: projectRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

t.test('create prints the token once; list shows it without the secret; revoke ends it', async (t) => {
  const created = await nexus('token', 'create', '--user', 'alice', '--role', 'greeter', '--json');
  t.equal(created.code, 0, created.stderr);
  const { token, id } = JSON.parse(created.stdout) as { token: string; id: string };
  t.match(token, /^nxt_/);
  const list = await nexus('token', 'list');
  t.equal(list.code, 0);
  t.match(list.stdout, new RegExp(`${id}\\s+alice\\s+greeter`));
  t.notMatch(list.stdout, token);
  const revoked = await nexus('token', 'revoke', id);
  t.equal(revoked.code, 0);
  t.match(revoked.stdout, 'Revoked 1 token.');
  t.notMatch((await nexus('token', 'list')).stdout, id);
  t.match((await nexus('token', 'list', '--all')).stdout, /revoked/);
});

t.test('bad usage and refused input exit 2 with the reason', async (t) => {
  const noRole = await nexus('token', 'create', '--user', 'bob');
  t.equal(noRole.code, 2);
  t.match(noRole.stderr, 'needs --user and --role');
  const badRole = await nexus('token', 'create', '--user', 'bob', '--role', 'wizard');
  t.equal(badRole.code, 2);
  t.match(badRole.stderr, 'unknown_role');
  const nothing = await nexus('token', 'revoke', 'tok_missing');
  t.equal(nothing.code, 2);
  t.equal((await nexus('frobnicate')).code, 2);
  const badEnv = await new Promise<number>((resolve) =>
    execFile(process.execPath, [path.join(projectRoot, 'kernel/cli/nexus.mjs'), 'token', 'list'], { env: { ...te.env, NEXUS_API_PORT: 'x' } }, (err) => resolve((err as { code?: number } | null)?.code ?? 0)),
  );
  t.equal(badEnv, 2, 'a bad variable stops the command');
});
