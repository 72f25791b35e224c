// The real worker process (kernel/main/worker.ts) runs the scheduler as a background service and stops it cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { createKernel } from '../../../../kernel/boot/create-kernel.ts';
import type { SchedulerServices } from '../../../../plugins/scheduler/svc/scheduler-services.ts';
import { projectRoot } from '../../../helpers/test-env.ts';
import { createSchedulerTestEnv } from '../helpers/kernel-env.ts';

t.test('a due task is run by the worker process, which then shuts down cleanly', async (t) => {
  const te = await createSchedulerTestEnv(t);
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false });
  const host = kernel.createPluginHost();
  await host.start();
  t.teardown(async () => {
    await host.close();
    await kernel.close();
  });
  const identity = await kernel.tokens.resolve((await kernel.tokens.create({ userId: 'alice', role: 'operator' })).token);
  const { tasks } = host.loaded('scheduler')!.services as SchedulerServices;
  const task = await tasks.create(identity, { kind: 'probe.record', title: 'now', payload: { note: 'w' }, schedule: { type: 'once', at: new Date().toISOString() }, createdVia: 'api' });

  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'kernel/main/worker.ts')], {
    cwd: projectRoot,
    env: { ...te.env, NEXUS_WORKER_POLL_MS: '50', NEXUS_LOG_LEVEL: 'debug' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(worker, 'exit');
  t.teardown(() => {
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  });
  const logs = createInterface({ input: worker.stdout });
  const seen: Record<string, unknown>[] = [];
  const waitFor = (predicate: (line: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => {
      const check = (text: string) => {
        const line = JSON.parse(text) as Record<string, unknown>;
        seen.push(line);
        if (predicate(line)) {
          logs.off('line', check);
          resolve();
        }
      };
      logs.on('line', check);
    });

  await waitFor((line) => line['msg'] === 'scheduled task succeeded' && line['taskId'] === task.id);
  t.match(await kernel.store.collection('scheduler_task_runs').findOne({ taskId: task.id }), { state: 'succeeded' });
  t.match(await tasks.get(identity, task.id), { status: 'completed', runCount: 1 });
  const stopped = waitFor((line) => line['msg'] === 'scheduler worker stopped');
  worker.kill('SIGTERM');
  await stopped;
  t.same(await exited, [0, null], 'exit code 0 after SIGTERM');
  t.ok(seen.some((line) => line['msg'] === 'scheduler worker started' && line['concurrency'] === 4));
});
