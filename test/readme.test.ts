// The README keeps its promises: it opens with the two commands and documents every variable any part of Nexus reads.
import t from 'tap';
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
