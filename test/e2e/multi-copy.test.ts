// Many copies, one truth: two API, two Operations MCP and two harness processes and three workers over one MongoDB
// wire-protocol server (FerretDB in CI, through the real driver). A run paused on one copy is decided, refused or cancelled
// through the other, exactly once; a worker killed mid-control is replaced without a second command; a ChipChat client
// on one API copy hears a turn started on the other; a plugin dropped in while all run appears in every copy.
//
// Pairing: API A calls harness A (B likewise), by explicit URLs; requests to the API alternate by naming the copy. Both
// harness copies reach the MCP copies through one round-robin balancer. What stays shared is only the store: checkpoints,
// review claims, session turns, cancel flags, task leases and runs, chat messages, plugin collections, audit.
//
// FerretDB 1.x has no transactions and its findAndModify is not atomic across connections. The assertions below rest on
// unique-_id inserts (review claims, session-queue places) and the unique (taskId, scheduledFor) index of scheduled runs,
// which FerretDB enforces through its backend, so they hold there as on MongoDB. Lease take-over of a lapsed session turn
// and the checkpoint's step check use conditional updates, which only MongoDB makes atomic across connections; nothing
// here races two copies on those. The take-over of a scheduled run is one such race; see that test for how it is kept
// apart on FerretDB.
import t from 'tap';
import { MongoClient } from 'mongodb';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { readSse } from '../../shared/http/sse-reader.ts';
import { isFerretDB, NO_MONGO_SERVER_REASON, startMongoTestServer } from '../helpers/ferretdb.ts';
import { eventually } from '../helpers/launcher.ts';
import { startMultiCopyStack, type MultiCopyStack } from '../helpers/multi-copy-stack.ts';
import { resultJson, scriptedAgent, type AgentPlan, type Turn } from '../helpers/scripted-agent.ts';

const server = await startMongoTestServer();

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

t.test('two copies of every process share one store', { skip: server ? false : NO_MONGO_SERVER_REASON }, async (t) => {
  if (server === undefined) return;
  t.teardown(() => server.stop());
  const stack: MultiCopyStack = await startMultiCopyStack(t, server);
  t.teardown(async () => {
    const client = new MongoClient(server.uri);
    await client.db(stack.dbName).dropDatabase();
    await client.close();
  });
  const adminToken = await stack.token('admin', 'admin');
  const operatorToken = await stack.token('olivia', 'operator');
  const operator = { a: stack.api('a', operatorToken), b: stack.api('b', operatorToken) };
  const admin = { a: stack.api('a', adminToken), b: stack.api('b', adminToken) };
  stack.model.respond(scriptedAgent([
    { when: /open office/, plan: controlPlan('room-office', 'Office lights', { command: 'turn_off' }) },
    { when: /lobby/, plan: controlPlan('room-lobby', 'Lobby lights', { command: 'turn_on' }) },
    { when: /meeting room/, plan: controlPlan('room-meeting', 'Meeting room lights', { command: 'set_brightness', value: 20 }) },
    { when: /who are you/, plan: { route: 'small_talk', calls: [], answer: () => 'I look after the building for you.' } },
  ]));
  const db = new MongoClient(server.uri);
  t.teardown(() => db.close());
  const store = db.db(stack.dbName);
  const ferret = await isFerretDB(server.uri);
  const operations = async (deviceId: string) => (await admin.a.get(`/api/dige/operations?deviceId=${deviceId}`)).body.total as number;
  const pendingItem = async (runId: string) => {
    const review = (await admin.b.get('/api/agent/reviews?status=pending')).body.items.find((r: { runId: string }) => r.runId === runId);
    const { toolCallId, argumentsHash } = review.items[0] as { toolCallId: string; argumentsHash: string };
    return { toolCallId, argumentsHash };
  };
  let runs = 0;

  await t.test('paused on harness A, decided through API B: it resumes on harness B once, from its checkpoint', async (t) => {
    const paused = await operator.a.post('/api/agent/runs', { message: 'Switch off the lights in the open office.' });
    runs++;
    t.equal(paused.body.status, 'interrupted');
    const modelCalls = stack.model.requests.length;
    const item = await pendingItem(paused.body.runId);
    const decided = await admin.b.post(`/api/agent/reviews/${paused.body.runId}/decisions`, { decisions: [{ ...item, type: 'approve' }] });
    t.equal(decided.status, 200);
    t.match(decided.body, { status: 'completed', answer: /"outcome":"verified"/ });
    t.equal(stack.model.requests.length, modelCalls + 1, 'one model call after the decision: no node re-ran');
    t.equal(await operations('light-office'), 1, 'the provider saw the command once');
    const view = await fetch(`${stack.copies.a.harness}/runs/${paused.body.runId}`, { headers: { authorization: 'Bearer multi-copy-e2e-secret-0123456789abcdef' } });
    t.match(await view.json(), { status: 'completed' }, 'harness A reports the run that harness B finished');
  });

  await t.test('the same decision sent to both API copies at once is applied once; the other gets 409', async (t) => {
    const paused = await operator.b.post('/api/agent/runs', { message: 'Turn on the lobby lights.' });
    runs++;
    const item = await pendingItem(paused.body.runId);
    const body = { decisions: [{ ...item, type: 'approve' }] };
    const [a, b] = await Promise.all([admin.a.post(`/api/agent/reviews/${paused.body.runId}/decisions`, body), admin.b.post(`/api/agent/reviews/${paused.body.runId}/decisions`, body)]);
    t.same([a.status, b.status].sort(), [200, 409]);
    t.equal([a, b].find((r) => r.status === 409)!.body.error.code, 'review_already_decided');
    t.equal(await operations('light-lobby'), 1);
  });

  await t.test('a session busy on one copy refuses a message sent through the other; a cancel through B ends the run paused on A', async (t) => {
    const paused = await operator.a.post('/api/agent/runs', { message: 'Dim the meeting room lights.' });
    runs++;
    const busy = await operator.b.post('/api/agent/runs', { message: 'And the blinds?', sessionId: paused.body.sessionId });
    t.equal(busy.status, 409);
    t.match(busy.body.error, { code: 'session_busy', details: { busyRunId: paused.body.runId } });
    const cancelled = await operator.b.post(`/api/agent/runs/${paused.body.runId}/cancel`);
    t.match(cancelled, { status: 200, body: { status: 'cancelled', outcome: { status: 'failed', error: { code: 'cancelled' } } } });
    t.equal(await operations('dimmer-meeting'), 0, 'the cancelled control never reached the provider');
    const audit = await admin.a.get(`/api/audit/runs/${paused.body.runId}`);
    t.match(audit.body.run, { status: 'failed', cancelledBy: 'olivia' });
    t.match(audit.body.toolCalls, [{ tool: 'dige_list_devices', isError: false }, { tool: 'dige_control_device', isError: true }], 'the paused call got its answer');
  });

  await t.test('both harness copies reached both MCP copies through the balancer, one tools/call per executed call', async (t) => {
    const calls = stack.mcpBalancer.routed.filter((routed) => routed.mcpMethod === 'tools/call');
    t.same(calls.map((routed) => routed.mcpName).sort(), ['dige_control_device', 'dige_control_device', 'dige_list_devices', 'dige_list_devices', 'dige_list_devices']);
    t.same(new Set(calls.map((routed) => routed.upstream)), new Set([0, 1]), 'calls landed on MCP A and on MCP B');
  });

  await t.test('a worker killed while it holds a scheduled control: the lease lapses, another worker runs it, the provider applies it once', async (t) => {
    const simAdmin = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${stack.simUrl}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as { operations: { deviceId: string }[]; devices: { id: string; state: Record<string, unknown> }[] };
    };
    const providerOperations = async () => (await simAdmin('GET', '/admin/state')).operations.filter((op) => op.deviceId === 'curtain-office').length;
    // The first command to the office blinds is accepted and never answered: the worker that sent it holds the run, waiting.
    await simAdmin('PUT', '/admin/faults', { scope: 'curtain-office', faults: [{ kind: 'timeout', target: 'command', times: 1 }] });
    const created = await operator.b.post('/api/scheduler/tasks', {
      kind: 'dige.control', title: 'Close the office blinds', payload: { deviceId: 'curtain-office', command: 'set_position', value: 0 },
      schedule: { type: 'once', at: new Date(Date.now() + 200).toISOString() },
    });
    t.equal(created.status, 201);
    const taskId = created.body.id as string;
    const taskRuns = store.collection('scheduler_task_runs');
    const held = await eventually(async () => {
      const run = await taskRuns.findOne({ taskId, state: 'running' });
      return run !== null && (await providerOperations()) === 1 ? run : undefined;
    }, 'a worker holding the run, its command taken by the provider', 30_000);
    const workerOf = (workerId: string) => stack.workers.find((w) => workerId.split('/')[1] === String(w.pid));
    const holder = workerOf(held.workerId as string)!;
    t.ok(holder, `the run is held by ${held.workerId}`);
    // FerretDB 1.x: findAndModify (the take-over of a retrying run) and conditional updates (marking a lapsed run abandoned)
    // are not atomic across connections, so two surviving workers could both take the run over there. On FerretDB one
    // survivor is frozen (SIGSTOP) until the other has finished; on MongoDB both race for it, and the same assertions hold.
    const frozen = ferret ? stack.workers.find((w) => w !== holder) : undefined;
    if (frozen) process.kill(frozen.pid, 'SIGSTOP');
    t.teardown(() => void (frozen && process.kill(frozen.pid, 'SIGCONT')));
    holder.child.kill('SIGKILL');
    await holder.exited;
    t.equal(holder.child.signalCode, 'SIGKILL');

    const done = await eventually(async () => {
      const run = await taskRuns.findOne({ taskId });
      return run?.state === 'succeeded' ? run : undefined;
    }, 'the run finished by another worker', 30_000);
    if (frozen) process.kill(frozen.pid, 'SIGCONT');
    const successor = workerOf(done.workerId as string);
    t.ok(successor && successor !== holder && successor !== frozen, `a surviving worker finished it: ${done.workerId}`);
    t.equal(await taskRuns.countDocuments({ taskId }), 1, 'one run for the one occurrence');
    t.match(done, {
      attempt: 2,
      attempts: [
        { attempt: 1, workerId: held.workerId, outcome: 'abandoned', error: { code: 'scheduler_run_abandoned' } },
        { attempt: 2, workerId: done.workerId, outcome: 'succeeded' },
      ],
      result: { summary: 'set_position on curtain-office: verified' },
    });
    t.equal(done.attempts.length, 2);
    const history = await operator.a.get(`/api/scheduler/tasks/${taskId}/runs`);
    t.match(history.body.items, [{ state: 'succeeded', attempts: [{ outcome: 'abandoned', workerId: held.workerId }, { outcome: 'succeeded', workerId: done.workerId }] }], 'the run history over REST says what happened');
    t.equal(await providerOperations(), 1, 'the provider saw the command once: the retry carried the same idempotency key');
    t.equal((await simAdmin('GET', '/admin/state')).devices.find((d) => d.id === 'curtain-office')?.state.position, 0);
    const recorded = await store.collection('dige_device_operations').find({ deviceId: 'curtain-office' }).toArray();
    t.match(recorded, [{ actor: { channel: 'scheduler', taskId }, idempotencyKey: `run:${taskId}@${(done.scheduledFor as Date).toISOString()}` }]);
    t.equal(recorded.length, 1, 'and Nexus recorded it once');
  });

  await t.test('a ChipChat client connected to API B gets the answer of a turn started through API A', async (t) => {
    const stop = new AbortController();
    t.teardown(() => stop.abort());
    const stream = await fetch(`${stack.copies.b.api}/api/chipchat/notifications/stream`, { headers: { authorization: `Bearer ${operatorToken}`, accept: 'text/event-stream' }, signal: stop.signal });
    t.equal(stream.status, 200);
    const records = readSse(stream.body!);
    const next = async () => JSON.parse((await records.next()).value!.data) as Record<string, unknown>;
    const conversation = await operator.a.post('/api/chipchat/conversations', {});
    t.equal(conversation.status, 201);
    const sent = await operator.a.post(`/api/chipchat/conversations/${conversation.body.id}/messages`, { text: 'Hello, who are you?' });
    runs++;
    t.equal(sent.status, 201);
    t.match(sent.body, { reply: { role: 'assistant', runStatus: 'completed' } });
    t.match(await next(), { role: 'user', text: 'Hello, who are you?', conversationId: conversation.body.id });
    t.match(await next(), { role: 'assistant', text: 'I look after the building for you.', conversationId: conversation.body.id });
  });

  await t.test('a plugin folder dropped in while everything runs appears in every API and MCP copy', async (t) => {
    // Each copy's watcher syncs the folder on its own after the writes settle; under load a late file event can make a
    // copy reload the plugin once more, and while it reloads its route and tool are briefly gone. So each probe waits
    // until that copy serves the plugin; a refused probe stores nothing, so the counts below stay exact.
    await stack.addPlugin('hello');
    let count = 0;
    for (const copy of ['a', 'b'] as const) {
      const greeted = await eventually(async () => {
        const res = await admin[copy].post('/api/hello/greetings', { name: 'Grace' });
        return res.status === 200 ? res : undefined;
      }, `hello served by API ${copy}`, 30_000);
      t.same(greeted.body, { greeting: 'Hello, Grace!', count: ++count }, `API ${copy} serves the plugin's route over the shared store`);
      const plugins = (await admin[copy].get('/api/system/plugins')).body.plugins as { name: string; state: string }[];
      t.match(plugins.find((p) => p.name === 'hello'), { state: 'loaded' }, `API ${copy} lists it as loaded`);
    }
    for (const copy of ['a', 'b'] as const) {
      const client = new Client({ name: 'e2e', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new StreamableHTTPClientTransport(new URL(stack.copies[copy].mcp), { requestInit: { headers: { authorization: `Bearer ${adminToken}` } } }));
      t.teardown(() => client.close());
      const result = await eventually(async () => {
        if (!(await client.listTools()).tools.some((tool) => tool.name === 'hello_greet')) return undefined;
        const called = await client.callTool({ name: 'hello_greet', arguments: { name: 'Grace' } });
        return called.isError ? undefined : called;
      }, `hello_greet served by MCP ${copy}`, 30_000);
      t.same(result.structuredContent, { greeting: 'Hello, Grace!', count: ++count }, `MCP ${copy} lists and serves the plugin's tool`);
    }
  });

  await t.test('the audit counts are exact', async (t) => {
    t.equal(await store.collection('agent_runs').countDocuments(), runs, 'three device runs and one ChipChat turn; the scheduled control and direct MCP calls are no agent runs');
    t.equal(await store.collection('agent_tool_calls').countDocuments(), 3 * 2, 'a list and a control per device run, none for small talk');
    t.equal(await store.collection('dige_device_operations').countDocuments(), 3, 'the two approved controls and the scheduled one, once each');
  });
});
