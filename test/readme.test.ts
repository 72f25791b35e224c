// The README keeps its promises: it opens with the two commands, documents every variable any part of Nexus reads, and its plugin example works.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestPlugin } from '../kernel/testing/index.ts';
import { configVars } from '../kernel/config/config-vars.ts';
import { chipchatConfigVars } from '../plugins/chipchat/config.ts';
import { digeConfigVars } from '../plugins/dige/config.ts';
import { harnessConfigVars } from '../harness/config/harness-config.ts';
import { ragConfigVars } from '../plugins/rag/config.ts';
import { schedulerConfigVars } from '../plugins/scheduler/config.ts';
import { projectRoot } from './helpers/test-env.ts';

const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');

t.test('the README starts with the two commands', async (t) => {
  t.match(readme, /^# Nexus\n\n```sh\nnpm install && npm start\nnpm test\n```/);
});

t.test('every configuration variable has a row in the README', async (t) => {
  for (const [owner, vars] of Object.entries({ kernel: configVars, harness: harnessConfigVars, dige: digeConfigVars, rag: ragConfigVars, scheduler: schedulerConfigVars, chipchat: chipchatConfigVars })) {
    for (const spec of Object.values(vars)) t.match(readme, new RegExp(`^\\| \`${spec.env}\` \\|`, 'm'), `${owner}: ${spec.env}`);
  }
});

t.test("the plugin author's example boots with startTestPlugin and does what the README says", async (t) => {
  const example = /```ts\n(\/\/ plugins\/hello\/plugin\.ts\n[\s\S]*?)```/.exec(readme)?.[1];
  if (example === undefined) throw new Error('the README lost its plugin example');
  // Inside the project, so the example's imports ('nexus/kernel', 'typebox') resolve as a plugin's would.
  const dir = path.join(projectRoot, '.cache/readme-plugin', randomBytes(6).toString('hex'));
  await mkdir(dir, { recursive: true });
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'plugin.ts'), example);
  const hello = ((await import(pathToFileURL(path.join(dir, 'plugin.ts')).href)) as { default: Parameters<typeof startTestPlugin>[0] }).default;
  const plugin = await startTestPlugin(hello, { t, dir, profile: path.join(projectRoot, 'test/fixtures/profiles/test-profile.yaml') });
  const greeter = await plugin.token('gus', 'greeter');
  const first = await plugin.request(greeter, 'POST', '/api/hello/greetings', { name: 'Ada' });
  t.equal(first.statusCode, 200, first.body);
  t.same(first.json(), { greeting: 'Hello, Ada!', count: 1 });
  t.same((await plugin.request(greeter, 'POST', '/api/hello/greetings', { name: 'Ada' })).json(), { greeting: 'Hello, Ada!', count: 2 }, 'it remembers');
  const refused = await plugin.request(greeter, 'POST', '/api/hello/greetings', { name: 'nobody' });
  t.equal(refused.statusCode, 422);
  t.equal(refused.json().error.code, 'hello_name_refused');
  const viewer = await plugin.token('vic', 'viewer');
  t.equal((await plugin.request(viewer, 'POST', '/api/hello/greetings', { name: 'Ada' })).statusCode, 403, 'a role without hello.greet is refused');
  t.same(plugin.host.status().find((s) => s.name === 'hello')?.tools, ['hello_greet'], 'the MCP tool is offered');
});
