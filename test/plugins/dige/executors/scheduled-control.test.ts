// A Dige control scheduled through the scheduler's task service and executed by its worker at the fire time of a cron.
import t from 'tap';
import { createControlExecutor } from '../../../../plugins/dige/executors/control-executor.ts';
import { createHarness, drainWorker } from '../../scheduler/helpers/scheduler-harness.ts';
import { startRig } from '../helpers/dige-rig.ts';

t.test('the worker switches the light off at 19:00 on weekdays, verified against the provider, and records both sides', async (t) => {
  const rig = await startRig(t, { applyDelayMs: 0 });
  // Friday 2026-03-06, 18:59:30 in Berlin.
  const h = await createHarness(t, { start: '2026-03-06T17:59:30Z', executors: [createControlExecutor(rig.control)] });
  const owner = h.identities.identity('olga', 'operator');
  t.equal(rig.sim.world().device('light-office')?.state['on'], true, 'the light starts on');

  const task = await h.scheduler.tasks.create(owner, {
    kind: 'dige.control', title: 'Office lights off after work', payload: { deviceId: 'light-office', command: 'turn_off' },
    schedule: { type: 'cron', expression: '0 19 * * 1-5', timeZone: 'Europe/Berlin' }, createdVia: 'api',
  });
  t.equal(task.nextRunAt, '2026-03-06T18:00:00.000Z');
  t.same(await drainWorker(h.scheduler.worker), [], 'nothing is due before 19:00');
  t.equal(rig.sim.world().appliedCount('light-office'), 0);

  await h.clock.advance(30_000);
  const [report, ...more] = await drainWorker(h.scheduler.worker);
  t.same(more, [], 'one occurrence, one run');
  t.match(report, { taskId: task.id, outcome: 'succeeded' });
  t.equal(rig.sim.world().device('light-office')?.state['on'], false, "the provider's state changed");
  t.equal(rig.sim.world().appliedCount('light-office'), 1);

  const [run] = await h.store.collection('scheduler_task_runs').find({ taskId: task.id }).toArray();
  t.match(run, { state: 'succeeded', scheduledFor: new Date('2026-03-06T18:00:00Z'), result: { summary: 'turn_off on light-office: verified', data: { outcome: 'verified' } } });
  const [operation] = await rig.docs('dige_device_operations');
  t.match(operation, { deviceId: 'light-office', actor: { userId: 'olga', channel: 'scheduler', taskId: task.id }, idempotencyKey: `run:${task.id}@2026-03-06T18:00:00.000Z` });
  const after = await h.scheduler.tasks.get(owner, task.id);
  t.equal(after.nextRunAt, '2026-03-09T18:00:00.000Z', 'the next run is Monday 19:00, the weekend is skipped');
});
