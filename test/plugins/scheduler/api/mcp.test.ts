// The scheduler's MCP tools through the kernel's MCP host and the SDK client: inspect, cancel and schedule goals, never execute.
import t from 'tap';
import { startTestPlugin } from '../../../../kernel/testing/index.ts';
import { ERROR_META_KEY } from '../../../../kernel/mcp/tool-results.ts';
import { ON_BEHALF_OF_TOKEN_HEADER, ON_BEHALF_OF_USER_HEADER } from '../../../../shared/service-auth/service-headers.ts';
import schedulerPlugin from '../../../../plugins/scheduler/plugin.ts';
import { connectClient, startKernelMcp } from '../../../kernel/mcp/fixtures.ts';
import probe from '../fixtures/plugins/probe/plugin.ts';
import { SCHEDULER_PROFILE } from '../helpers/kernel-env.ts';

const plugin = await startTestPlugin(schedulerPlugin, { process: 'mcp', plugins: [probe], profile: SCHEDULER_PROFILE });
const { kernel } = plugin;
const mcp = await startKernelMcp(kernel, plugin.host.registry.tools);
const { url } = mcp;
t.teardown(async () => {
  await mcp.close();
  await plugin.close();
});
const aliceToken = await kernel.tokens.create({ userId: 'alice', role: 'operator' });
const operator = await connectClient(url, aliceToken.token);
const viewer = await connectClient(url, (await kernel.tokens.create({ userId: 'vic', role: 'viewer' })).token);
t.teardown(async () => {
  await operator.close();
  await viewer.close();
});
const SCHEDULER_TOOLS = ['scheduler_list_tasks', 'scheduler_get_task', 'scheduler_cancel_task', 'scheduler_create_goal_task'];
const errorOf = (result: { _meta?: Record<string, unknown> }) => result._meta?.[ERROR_META_KEY] as { code: string } | undefined;

t.test('the tools, their annotations, and who sees them', async (t) => {
  const { tools } = await operator.listTools();
  t.same(tools.map((tool) => tool.name).filter((name) => name.startsWith('scheduler_')), SCHEDULER_TOOLS, 'inspect, cancel, schedule: no tool runs a task');
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  t.match(byName.get('scheduler_list_tasks')?.annotations, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
  t.match(byName.get('scheduler_get_task')?.annotations, { readOnlyHint: true });
  t.match(byName.get('scheduler_cancel_task')?.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
  t.match(byName.get('scheduler_create_goal_task')?.annotations, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
  for (const name of SCHEDULER_TOOLS) t.equal(byName.get(name)?.outputSchema?.type, 'object', `${name} has an output schema`);
  t.same((await viewer.listTools()).tools.map((tool) => tool.name), ['scheduler_list_tasks', 'scheduler_get_task'], 'the profile decides');
});

t.test('a platform tool creates through the injected task service; the scheduler tools list, read and cancel', async (t) => {
  const created = await operator.callTool({ name: 'probe_schedule', arguments: { note: 'hello', schedule: { type: 'once', at: new Date().toISOString() } } });
  t.notOk(created.isError);
  const { taskId, createdVia } = created.structuredContent as { taskId: string; createdVia: string };
  t.equal(createdVia, 'mcp');

  const listed = await operator.callTool({ name: 'scheduler_list_tasks', arguments: { status: 'active' } });
  t.match(listed.structuredContent, { total: 1, tasks: [{ id: taskId, kind: 'probe.record', ownerId: 'alice', createdVia: 'mcp' }] });
  t.match((await viewer.callTool({ name: 'scheduler_list_tasks', arguments: {} })).structuredContent, { total: 0 }, "others' tasks stay hidden");

  const before = await operator.callTool({ name: 'scheduler_get_task', arguments: { taskId } });
  t.match(before.structuredContent, { task: { id: taskId, status: 'active' }, recentRuns: [] });
  const services = plugin.services;
  t.same((await services.worker.tick()).map((r) => r.outcome), ['succeeded'], 'only the worker runs it');
  const after = await operator.callTool({ name: 'scheduler_get_task', arguments: { taskId, runs: 3 } });
  t.match(after.structuredContent, { task: { status: 'completed', runCount: 1 }, recentRuns: [{ taskId, state: 'succeeded', result: { summary: 'recorded hello' } }] });

  const recurring = await operator.callTool({ name: 'probe_schedule', arguments: { note: 'weekly', schedule: { type: 'cron', expression: '0 9 * * mon', timeZone: 'Europe/Paris' } } });
  const recurringId = (recurring.structuredContent as { taskId: string }).taskId;
  const cancelled = await operator.callTool({ name: 'scheduler_cancel_task', arguments: { taskId: recurringId } });
  t.match(cancelled.structuredContent, { task: { id: recurringId, status: 'cancelled', nextRunAt: null } });
  t.match((await operator.callTool({ name: 'scheduler_cancel_task', arguments: { taskId: recurringId } })).structuredContent, { task: { status: 'cancelled' } }, 'idempotent');

  const finished = await operator.callTool({ name: 'scheduler_cancel_task', arguments: { taskId } });
  t.equal(finished.isError, true);
  t.equal(errorOf(finished)?.code, 'scheduler_task_finished');
  const missing = await operator.callTool({ name: 'scheduler_get_task', arguments: { taskId: 'tsk_nope' } });
  t.equal(errorOf(missing)?.code, 'scheduler_task_not_found');
  const refused = await operator.callTool({ name: 'probe_schedule', arguments: { note: 'x', schedule: { type: 'cron', expression: 'every day' } } });
  t.equal(errorOf(refused)?.code, 'scheduler_invalid_cron', 'creation refusals reach MCP callers with the same codes');
});

t.test('scheduler_create_goal_task stores a goal task for the caller; the agent and a direct client are told apart', async (t) => {
  const schedule = { type: 'cron', expression: '0 19 * * 1-5', timeZone: 'Europe/Berlin' };
  const direct = await operator.callTool({ name: 'scheduler_create_goal_task', arguments: { goal: 'switch off the lights in the lobby', schedule } });
  t.notOk(direct.isError);
  t.match((direct.structuredContent as { task: unknown }).task, {
    kind: 'scheduler.goal', title: 'switch off the lights in the lobby', payload: { goal: 'switch off the lights in the lobby' },
    schedule, status: 'active', ownerId: 'alice', createdVia: 'mcp', nextRunAt: /T1[78]:00:00\.000Z$/,
  });

  // The harness reaches MCP with the service secret on the user's behalf: that is the agent creating the task.
  const agent = await connectClient(url, kernel.serviceSecret, { headers: { [ON_BEHALF_OF_USER_HEADER]: 'alice', [ON_BEHALF_OF_TOKEN_HEADER]: aliceToken.summary.id } });
  t.teardown(() => agent.close());
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const viaAgent = await agent.callTool({ name: 'scheduler_create_goal_task', arguments: { goal: 'g'.repeat(300), schedule: { type: 'once', at }, title: 'Long goal' } });
  t.match((viaAgent.structuredContent as { task: unknown }).task, { title: 'Long goal', ownerId: 'alice', createdVia: 'agent', nextRunAt: at });
  const untitled = await agent.callTool({ name: 'scheduler_create_goal_task', arguments: { goal: 'g'.repeat(300), schedule: { type: 'once', at } } });
  t.equal((untitled.structuredContent as { task: { title: string } }).task.title.length, 200, 'a long goal is cut to a title');

  const tooLong = await operator.callTool({ name: 'scheduler_create_goal_task', arguments: { goal: 'g'.repeat(2001), schedule } });
  t.equal(tooLong.isError, true, 'the goal text is limited');
  const badCron = await operator.callTool({ name: 'scheduler_create_goal_task', arguments: { goal: 'x', schedule: { type: 'cron', expression: '0 19 * * mon-fri', timeZone: 'Mars/Olympus' } } });
  t.equal(errorOf(badCron)?.code, 'scheduler_invalid_time_zone');
  t.notOk((await viewer.listTools()).tools.some((tool) => tool.name === 'scheduler_create_goal_task'), 'viewers cannot schedule goals');
});
