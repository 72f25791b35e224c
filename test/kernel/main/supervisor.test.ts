// The dev launcher's supervisor: prefixed output, restart with backoff after a crash, no restart on a config error, clean stop.
import t from 'tap';
import path from 'node:path';
import { supervise } from '../../../kernel/main/supervisor.ts';
import { formatLogLine } from '../../../kernel/main/format-log-line.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

function collect() {
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  return {
    lines,
    write: (line: string) => {
      lines.push(line);
      for (const w of [...waiters]) if (w.re.test(line)) w.resolve();
    },
    until: (re: RegExp) =>
      new Promise<void>((resolve) => {
        if (lines.some((l) => re.test(l))) return resolve();
        waiters.push({ re, resolve });
      }),
  };
}

t.test('a crashing process is restarted with growing delays, then stops cleanly', async (t) => {
  const out = collect();
  const dir = await tempDirFor(t);
  const child = supervise({
    name: 'demo',
    script: path.join(projectRoot, 'test/fixtures/processes/crash-twice.ts'),
    env: { ...process.env, CRASH_COUNTER_FILE: path.join(dir, 'count') },
    write: out.write,
    backoff: { minMs: 10, maxMs: 1000, stableMs: 60_000 },
  });
  await out.until(/INFO  started  starts=3/);
  const restarts = out.lines.filter((l) => l.includes('restarting in'));
  t.match(restarts, [/\[demo   \] exited \(code 1\); restarting in 10 ms/, /restarting in 20 ms/]);
  await child.stop();
  await out.until(/stopping cleanly/);
  t.notOk(out.lines.some((l) => /restarting in 40 ms/.test(l)), 'a requested stop is not a crash');
});

t.test('a configuration error is not retried', async (t) => {
  const out = collect();
  const child = supervise({ name: 'cfg', script: path.join(projectRoot, 'test/fixtures/processes/config-error.ts'), env: process.env, write: out.write });
  await out.until(/not restarting/);
  t.match(out.lines.join('\n'), /\[cfg    \] Invalid configuration: NEXUS_API_PORT/);
  await child.stop();
});

t.test('a child gets its own Node options ahead of the tsx loader', async (t) => {
  const out = collect();
  const child = supervise({ name: 'argv', script: path.join(projectRoot, 'test/fixtures/processes/print-exec-argv.ts'), execArgv: ['--max-semi-space-size=2'], env: process.env, write: out.write });
  await out.until(/execArgv/);
  t.match(out.lines.join('\n'), /execArgv \["--max-semi-space-size=2","--import","tsx"\]/);
  await child.stop();
});

t.test('pino lines become one readable line; other text passes through', async (t) => {
  t.equal(formatLogLine('{"level":40,"time":"x","pid":1,"msg":"slow","plugin":"dige","ms":12}'), 'WARN  slow  plugin=dige ms=12');
  t.equal(formatLogLine('plain text'), 'plain text');
  t.equal(formatLogLine('{not json'), '{not json');
});
