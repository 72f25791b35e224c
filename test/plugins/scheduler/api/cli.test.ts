// `nexus cron ...` as users run it: the kernel CLI finds the scheduler's command by reading its manifest.
import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { CRON_DOCS } from '../../../../plugins/scheduler/domain/cron/index.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { createSchedulerTestEnv } from '../helpers/kernel-env.ts';

const te = await createSchedulerTestEnv(t, { probe: false });

function nexus(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(projectRoot, 'kernel/cli/nexus.mjs'), ...args], {
      cwd: projectRoot,
      env: { ...te.env, NEXUS_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each call boots the CLI through tsx (seconds each), so they all run at once.
const [next, badCron, badZone, unknown, docs, help] = await Promise.all([
  nexus('cron', 'next', '30 2 * * *', '--tz', 'Europe/Berlin', '--from', '2026-03-28T12:00:00Z', '--count', '3'),
  nexus('cron', 'next', '0 0 31 2 *'),
  nexus('cron', 'next', '* * * * *', '--tz', 'Mars/Olympus_Mons'),
  nexus('cron', 'later'),
  nexus('cron', 'docs'),
  nexus('help'),
]);

t.test('next fire instants, UTC, one per line', async (t) => {
  t.equal(next.code, 0);
  t.equal(next.stdout, '2026-03-29T01:00:00.000Z\n2026-03-30T00:30:00.000Z\n2026-03-31T00:30:00.000Z\n');
  t.equal(next.stderr, '');
});

t.test('invalid input exits 2 with the reason on stderr', async (t) => {
  for (const [res, reason] of [[badCron, /day-of-month/], [badZone, /unknown time zone "Mars\/Olympus_Mons"/]] as const) {
    t.equal(res.code, 2);
    t.match(res.stderr, reason);
    t.equal(res.stdout, '');
  }
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /unknown cron command "later"\nusage: nexus cron next/);
});

t.test('docs and help', async (t) => {
  t.equal(docs.code, 0);
  t.equal(docs.stdout, `${CRON_DOCS}\n`);
  t.match(help.stdout, /nexus cron next "<expr>"/);
});
