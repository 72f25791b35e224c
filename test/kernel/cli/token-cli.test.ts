// `nexus token` against a data folder: create, list, revoke and refusals with exit code 2. The real binary is spawned where
// only a process shows the behaviour (its entry, exit codes, a bad variable); the rest runs the same command in-process.
import t from 'tap';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createKernel } from '../../../kernel/boot/create-kernel.ts';
import { tokenCommand } from '../../../kernel/cli/token-command.ts';
import { createTestEnv, projectRoot } from '../../helpers/test-env.ts';

const te = await createTestEnv(t);
const spawnNexus = (args: string[], env: NodeJS.ProcessEnv = te.env) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [path.join(projectRoot, 'kernel/cli/nexus.mjs'), ...args], { env, cwd: projectRoot }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });

/** The token command over a kernel on the same data folder, as the binary runs it. */
async function nexus(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const kernel = await createKernel({ process: 'cli', watchProfile: false, env: te.env });
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await tokenCommand(args, kernel.tokens, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  } finally {
    await kernel.close();
  }
}

t.test('the binary creates a token and prints it once; list shows it without the secret; revoke ends it', async (t) => {
  const created = await spawnNexus(['token', 'create', '--user', 'alice', '--role', 'greeter', '--json']);
  t.equal(created.code, 0, created.stderr);
  const { token, id } = JSON.parse(created.stdout) as { token: string; id: string };
  t.match(token, /^nxt_/);
  const list = await nexus('list');
  t.equal(list.code, 0);
  t.match(list.stdout, new RegExp(`${id}\\s+alice\\s+greeter`));
  t.notMatch(list.stdout, token);
  const revoked = await nexus('revoke', id);
  t.equal(revoked.code, 0);
  t.match(revoked.stdout, 'Revoked 1 token.');
  t.notMatch((await nexus('list')).stdout, id);
  t.match((await nexus('list', '--all')).stdout, /revoked/);
});

t.test('bad usage and refused input exit 2 with the reason', async (t) => {
  const noRole = await nexus('create', '--user', 'bob');
  t.equal(noRole.code, 2);
  t.match(noRole.stderr, 'needs --user and --role');
  const badRole = await nexus('create', '--user', 'bob', '--role', 'wizard');
  t.equal(badRole.code, 2);
  t.match(badRole.stderr, 'unknown_role');
  t.equal((await nexus('revoke', 'tok_missing')).code, 2);
  const unknown = await spawnNexus(['frobnicate']);
  t.equal(unknown.code, 2, 'the binary exits 2 on an unknown command');
  t.match(unknown.stderr, 'unknown command "frobnicate"');
  t.equal((await spawnNexus(['token', 'list'], { ...te.env, NEXUS_API_PORT: 'x' })).code, 2, 'a bad variable stops the command');
});
