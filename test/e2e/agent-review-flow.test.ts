// The product end to end across its real processes: an operator's device control pauses for review, an admin decides over
// REST, and the control reaches the Dige simulator (or not), with the run, its tool calls, the decision and the operation
// audited; and a goal the agent schedules runs through the same path when a worker with an injected clock finds it due.
import t, { type Test } from 'tap';
import { createGoalExecutor } from '../../plugins/scheduler/executors/goal-executor.ts';
import { randomIds } from '../../plugins/scheduler/infra/ids.ts';
import { createRunRepository } from '../../plugins/scheduler/infra/run-repository.ts';
import { createTaskRepository } from '../../plugins/scheduler/infra/task-repository.ts';
import { createSchedulerServices } from '../../plugins/scheduler/svc/scheduler-services.ts';
import { startAgentStack } from '../helpers/agent-stack.ts';
import { resultJson, scriptedAgent, type AgentPlan, type Turn } from '../helpers/scripted-agent.ts';
import { ManualClock } from '../../kernel/testing/manual-clock.ts';
import { executorRegistry } from '../plugins/scheduler/helpers/scheduler-harness.ts';

const stack = await startAgentStack(t);
const admin = stack.api(stack.adminToken);
const operator = stack.api(await stack.token('olivia', 'operator'));

/** Lists the room's devices, then sends `command` to the one with `deviceName`; answers with the last tool result. */
function controlPlan(roomId: string, deviceName: string, command: Record<string, unknown>): AgentPlan {
  return {
    route: 'dige',
    calls: [
      { name: 'dige_list_devices', arguments: { roomId } },
      (turn: Turn) => {
        const device = resultJson<{ devices: { id: string; name: string }[] }>(turn, 0).devices.find((d) => d.name === deviceName);
        return { name: 'dige_control_device', arguments: { deviceId: device?.id ?? 'not-listed', ...command } };
      },
    ],
    answer: (turn) => `Done: ${turn.toolResults.at(-1)?.content}`,
  };
}

/** The newest ToolMessage the model was sent. */
function lastToolMessage(): string {
  const messages = stack.model.requests.at(-1)?.body.messages as { role: string; content: string }[];
  return messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
}

/** A scheduler worker in this process over the stack's store, with the goal executor on the kernel's agent-run service. */
function inProcessWorker(clock: ManualClock) {
  const { kernel } = stack;
  return createSchedulerServices({
    tasks: createTaskRepository(kernel.store),
    runs: createRunRepository(kernel.store),
    ids: randomIds,
    clock,
    timers: clock,
    executors: executorRegistry([createGoalExecutor({ agentRuns: kernel.agent.runner, access: kernel.access })]),
    identities: kernel.identities,
    access: kernel.access,
    logger: kernel.logger,
    worker: { workerId: 'e2e-manual-clock', pollMs: 1_000, concurrency: 1, leaseMs: 30_000 },
  }).worker;
}

const hourMinute = (zone: string, at: Date) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(at);
const localHour = (zone: string) => Number(hourMinute(zone, new Date()).slice(0, 2));
const localTime = (zone: string, iso: string) => hourMinute(zone, new Date(iso));

async function deviceState(id: string) {
  return (await stack.simState()).devices.find((d) => d.id === id)?.state;
}

/** Asks the agent, expects the pause, and returns the run and its one pending review as the admin sees it. */
async function askAndPause(t: Test, message: string) {
  const run = await operator.post('/api/agent/runs', { message });
  t.equal(run.status, 200);
  t.equal(run.body.status, 'interrupted', 'the control waits for a reviewer');
  t.match(run.body.result.pendingReviews, [{ name: 'dige_control_device', kind: 'approval' }]);
  const reviews = await admin.get('/api/agent/reviews?status=pending');
  const review = reviews.body.items.find((r: { runId: string }) => r.runId === run.body.runId);
  t.ok(review, 'the admin sees the pending review');
  t.equal(review.requester.userId, 'olivia');
  return { runId: run.body.runId as string, item: review.items[0] as { toolCallId: string; argumentsHash: string; arguments: Record<string, unknown> } };
}

t.test('approve: the lights go off, verified by the provider, and every step is audited', async (t) => {
  const message = 'Please switch off the lights in the open office.';
  stack.model.respond(scriptedAgent([{ when: /open office/, plan: controlPlan('room-office', 'Office lights', { command: 'turn_off' }) }]));
  t.match(await deviceState('light-office'), { on: true }, 'the lights start on');

  const { runId, item } = await askAndPause(t, message);
  t.match(item.arguments, { deviceId: 'light-office', command: 'turn_off' });
  t.match(await deviceState('light-office'), { on: true }, 'nothing happens before the decision');

  const decided = await admin.post(`/api/agent/reviews/${runId}/decisions`, {
    decisions: [{ toolCallId: item.toolCallId, argumentsHash: item.argumentsHash, type: 'approve' }],
  });
  t.equal(decided.status, 200);
  t.equal(decided.body.status, 'completed');
  t.match(decided.body.answer, /"outcome":"verified"/, 'the final answer reports what the provider confirmed');
  t.match(await deviceState('light-office'), { on: false }, 'the simulator switched the lights off');

  const audit = await admin.get(`/api/audit/runs/${runId}`);
  t.equal(audit.status, 200);
  t.match(audit.body.run, { userId: 'olivia', role: 'operator', route: 'dige', skill: 'dige', status: 'completed', input: message });
  t.same(audit.body.toolCalls.map((c: { tool: string }) => c.tool), ['dige_list_devices', 'dige_control_device'], 'both tool calls');
  t.match(audit.body.toolCalls[1], { server: 'operations', isError: false, reviewedBy: 'admin', arguments: { deviceId: 'light-office', command: 'turn_off' } });
  t.match(audit.body.reviewDecisions, [{ toolCallId: item.toolCallId, decision: 'approve', reviewerId: 'admin', reviewerRole: 'admin' }]);
  const listed = await admin.get('/api/audit/runs?userId=olivia&status=completed');
  t.ok(listed.body.items.some((r: { id: string }) => r.id === runId), 'the run is found by user and status');

  const ops = await admin.get('/api/dige/operations?deviceId=light-office');
  t.match(ops.body.items, [
    { outcome: 'verified', command: { command: 'turn_off' }, actor: { userId: 'olivia', role: 'operator', channel: 'mcp' }, observedState: { on: false } },
  ]);
  t.ok(ops.body.items[0].verification.polls >= 1, 'the provider was read back to verify');
});

t.test('edit: the reviewer changes the brightness, and the dimmer gets the edited value', async (t) => {
  stack.model.respond(scriptedAgent([{ when: /meeting room/, plan: controlPlan('room-meeting', 'Meeting room lights', { command: 'set_brightness', value: 80 }) }]));
  const { runId, item } = await askAndPause(t, 'Set the meeting room lights to 80 percent.');
  t.match(item.arguments, { deviceId: 'dimmer-meeting', command: 'set_brightness', value: 80 });

  const decided = await admin.post(`/api/agent/reviews/${runId}/decisions`, {
    decisions: [{ toolCallId: item.toolCallId, argumentsHash: item.argumentsHash, type: 'edit', arguments: { deviceId: 'dimmer-meeting', command: 'set_brightness', value: 30 } }],
  });
  t.equal(decided.body.status, 'completed');
  t.match(await deviceState('dimmer-meeting'), { brightness: 30 }, 'the edited value, not the requested one');
  const toolMessage = lastToolMessage();
  t.match(toolMessage, /edited the arguments/, 'the model is told the reviewer edited the call');

  const audit = await admin.get(`/api/audit/runs/${runId}`);
  t.match(audit.body.reviewDecisions, [{ decision: 'edit', detail: { arguments: { value: 30 } } }]);
  t.match(audit.body.toolCalls[1], { tool: 'dige_control_device', isError: false, reviewedBy: 'admin' });
  const ops = await admin.get('/api/dige/operations?deviceId=dimmer-meeting');
  t.match(ops.body.items, [{ outcome: 'verified', command: { command: 'set_brightness', value: 30 }, observedState: { brightness: 30 } }]);
});

t.test('reject: nothing reaches the device, and the reason reaches the model as the call\'s tool message', async (t) => {
  const reason = 'The servers need the cooling tonight.';
  stack.model.respond(scriptedAgent([{ when: /server room/, plan: controlPlan('room-server', 'Server room air conditioner', { command: 'turn_off' }) }]));
  const { runId, item } = await askAndPause(t, 'Turn off the air conditioner in the server room.');

  const decided = await admin.post(`/api/agent/reviews/${runId}/decisions`, {
    decisions: [{ toolCallId: item.toolCallId, argumentsHash: item.argumentsHash, type: 'reject', reason }],
  });
  t.equal(decided.body.status, 'completed');
  t.match(await deviceState('ac-server'), { on: true }, 'the air conditioner keeps running');
  t.match(lastToolMessage(), reason, 'the model read the reviewer\'s reason');
  t.match(decided.body.answer, reason);

  const audit = await admin.get(`/api/audit/runs/${runId}`);
  t.match(audit.body.reviewDecisions, [{ decision: 'reject', detail: { reason } }]);
  t.match(audit.body.toolCalls[1], { tool: 'dige_control_device', server: null, isError: true, refusal: /^rejected_by_reviewer/ });
  t.equal((await admin.get('/api/dige/operations?deviceId=ac-server')).body.total, 0, 'no operation was sent to the provider');
  t.equal((await admin.post(`/api/agent/reviews/${runId}/decisions`, {
    decisions: [{ toolCallId: item.toolCallId, argumentsHash: item.argumentsHash, type: 'approve' }],
  })).body.error.code, 'review_already_decided', 'a decided review cannot be decided again');
});

t.test('a goal scheduled through the agent runs once under an injected clock, waits for review, and then switches the lights off', async (t) => {
  // The launcher's worker runs on the real clock: a zone where 19:00 is not within the next hour keeps it off this task.
  const zone = ['Europe/Berlin', 'Asia/Tokyo', 'America/New_York'].find((z) => localHour(z) !== 18)!;
  const goal = 'Switch off the lights in the lobby.';
  stack.model.respond(scriptedAgent([
    {
      when: /^Every weekday at 19:00/,
      plan: {
        route: 'scheduler',
        calls: [{ name: 'scheduler_create_goal_task', arguments: { goal, schedule: { type: 'cron', expression: '0 19 * * 1-5', timeZone: zone } } }],
        answer: (turn) => `Scheduled: ${turn.toolResults[0]?.content}`,
      },
    },
    { when: /^Switch off the lights in the lobby/, plan: controlPlan('room-lobby', 'Lobby lights', { command: 'turn_off' }) },
  ]));
  t.equal((await admin.post('/api/dige/devices/light-lobby/commands', { command: 'turn_on' })).body.outcome, 'verified', 'the lobby lights are on');

  const asked = await operator.post('/api/agent/runs', { message: `Every weekday at 19:00 ${goal.toLowerCase()}` });
  t.equal(asked.body.status, 'completed');
  const tasks = await operator.get('/api/scheduler/tasks?kind=scheduler.goal');
  t.equal(tasks.body.total, 1);
  const task = tasks.body.items[0];
  t.match(task, { payload: { goal }, schedule: { type: 'cron', expression: '0 19 * * 1-5', timeZone: zone }, ownerId: 'olivia', createdVia: 'agent', status: 'active' });
  t.equal(localTime(zone, task.nextRunAt), '19:00', 'the next run is at 19:00 in the zone');

  const clock = new ManualClock(task.nextRunAt);
  const worker = inProcessWorker(clock);
  t.same((await worker.tick()).map((r) => r.outcome), ['succeeded'], 'the worker ran the due occurrence once');
  t.same(await worker.tick(), [], 'and nothing more is due at that instant');
  t.match(await deviceState('light-lobby'), { on: true }, 'the control waits for a reviewer');

  const [run] = (await operator.get(`/api/scheduler/tasks/${task.id}/runs`)).body.items;
  t.match(run, { scheduledFor: task.nextRunAt, state: 'succeeded', result: { data: { status: 'awaiting_review', pendingReviews: [{ name: 'dige_control_device' }] } } });
  const goalRunId = run.result.data.runId as string;
  const review = (await admin.get('/api/agent/reviews?status=pending')).body.items.find((r: { runId: string }) => r.runId === goalRunId);
  t.match(review, { input: goal, requester: { userId: 'olivia', role: 'operator' } }, 'the review queue holds the goal run');
  const decided = await admin.post(`/api/agent/reviews/${goalRunId}/decisions`, {
    decisions: [{ toolCallId: review.items[0].toolCallId, argumentsHash: review.items[0].argumentsHash, type: 'approve' }],
  });
  t.equal(decided.body.status, 'completed');
  t.match(await deviceState('light-lobby'), { on: false }, 'the lights went off');

  const audit = await admin.get(`/api/audit/runs/${goalRunId}`);
  t.match(audit.body.run, { userId: 'olivia', input: goal, route: 'dige', status: 'completed', correlationId: `scheduler:${task.id}@${task.nextRunAt}` });
  t.match((await operator.get(`/api/scheduler/tasks/${task.id}`)).body, { status: 'active', runCount: 1, lastOutcome: 'succeeded' });
  const ops = await admin.get('/api/dige/operations?deviceId=light-lobby');
  t.match(ops.body.items[0], { outcome: 'verified', command: { command: 'turn_off' }, actor: { userId: 'olivia', channel: 'mcp' } });
});
