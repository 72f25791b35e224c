// Many copies, one truth: two API, two Operations MCP and two harness processes over one MongoDB wire-protocol server (FerretDB
// in CI, through the real driver). A run paused on one copy is decided, refused or cancelled through the other, exactly once.
//
// Pairing: API A calls harness A, which calls MCP A (B likewise), by explicit URLs; requests to the API alternate by naming
// the copy. What stays shared is only the store: checkpoints, review claims, session turns, cancel flags, audit.
//
// FerretDB 1.x has no transactions and its findAndModify is not atomic across connections. The assertions below rest on
// unique-_id inserts (review claims, session-queue places), which FerretDB enforces through its backend's primary key, so
// they hold there as on MongoDB. Lease take-over of a lapsed session turn and the checkpoint's step check use conditional
// updates, which only MongoDB makes atomic across connections; nothing here races two copies on those.
import t from 'tap';
import { MongoClient } from 'mongodb';
import { NO_MONGO_SERVER_REASON, startMongoTestServer } from '../helpers/ferretdb.ts';
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
  ]));
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

  await t.test('the audit counts are exact', async (t) => {
    const db = new MongoClient(server.uri);
    t.teardown(() => db.close());
    const store = db.db(stack.dbName);
    t.equal(await store.collection('agent_runs').countDocuments(), runs);
    t.equal(await store.collection('agent_tool_calls').countDocuments(), runs * 2, 'a list and a control per run');
    t.equal(await store.collection('dige_device_operations').countDocuments(), 2, 'the two approved controls, once each');
  });
});
