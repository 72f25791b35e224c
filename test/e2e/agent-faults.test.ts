// Faults on the real processes: the harness crashes mid-run, the Operations MCP server restarts between two tool calls, the model
// provider answers 500 and 429. Each run ends cleanly, is audited as what really happened, and the product recovers by itself.
import t from 'tap';
import { REVIEW_REQUESTS_COLLECTION } from '../../kernel/agent/review-repository.ts';
import { REVIEW_DECISIONS_COLLECTION, TOOL_CALLS_COLLECTION } from '../../kernel/audit/audit-schemas.ts';
import { startAgentStack } from '../helpers/agent-stack.ts';
import { DIGE_READ_ANSWER, READ_TOOLS, digeReadPlan } from '../helpers/dige-read-plan.ts';
import { scriptedAgent } from '../helpers/scripted-agent.ts';
import type { ServerTurn } from '../helpers/scripted-model-server.ts';
import { crash, restarted } from '../helpers/stack-processes.ts';

/** Short backoff so retries cost milliseconds; a Retry-After up to 3 s is waited for, a longer one fails the call at once. */
const MODEL_RETRY = { maxRetries: 2, retryBaseDelayMs: 10, retryMaxDelayMs: 20, maxRetryAfterMs: 3_000 };

// Info level: the MCP test reads the harness's log line about the lost session.
const stack = await startAgentStack(t, { model: MODEL_RETRY, env: { NEXUS_LOG_LEVEL: 'info' } });
const admin = stack.api(stack.adminToken);
const operator = stack.api(await stack.token('omar', 'operator'));
const agent = scriptedAgent([{ when: /./, plan: digeReadPlan }]);
const MESSAGE = 'Which rooms and devices are there?';

const isAnswer = (turn: ServerTurn) => 'text' in turn && !('toolCalls' in turn);
const callsTool = (turn: ServerTurn, name: string) => 'toolCalls' in turn && turn.toolCalls?.some((call) => call.name === name) === true;

function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Records of a run in the collections the API writes besides agent_runs, read from the shared store. */
async function sideRecords(runId: string) {
  const count = (name: string) => stack.kernel.store.collection(name).countDocuments({ runId });
  return { toolCalls: await count(TOOL_CALLS_COLLECTION), reviews: await count(REVIEW_REQUESTS_COLLECTION), decisions: await count(REVIEW_DECISIONS_COLLECTION) };
}

t.test('harness killed mid-run: the run is recorded failed with nothing half-written, and a retry in the same session works', async (t) => {
  // Both tools have run inside the harness when the model is asked for the answer; it never gets one.
  const inside = latch();
  stack.model.respond((request) => {
    const turn = agent(request);
    if (!isAnswer(turn)) return turn;
    inside.open();
    return { hang: true };
  });
  const pending = operator.post('/api/agent/runs', { message: MESSAGE });
  await inside.opened;
  const oldPid = await crash(stack, 'harness');

  const failed = await pending;
  t.equal(failed.status, 200, 'a run that failed is an outcome, not a refusal of the request');
  // Not harness_unavailable: the harness had the run, so a client must not assume that nothing happened.
  t.match(failed.body, { status: 'failed', answer: null, result: null, error: { code: 'harness_connection_lost', message: /broke before it answered/ } });
  const { runId, sessionId } = failed.body as { runId: string; sessionId: string };
  const audit = await admin.get(`/api/audit/runs/${runId}`);
  t.match(audit.body.run, { status: 'failed', userId: 'omar', sessionId, input: MESSAGE, error: failed.body.error });
  t.same(await sideRecords(runId), { toolCalls: 0, reviews: 0, decisions: 0 }, 'the two calls that ran are not recorded from a run that never answered');

  await restarted(stack, 'harness', oldPid);
  stack.model.respond(agent);
  const retry = await operator.post('/api/agent/runs', { message: MESSAGE, sessionId });
  t.match(retry.body, { status: 'completed', sessionId, answer: DIGE_READ_ANSWER });
  const retried = await admin.get(`/api/audit/runs/${retry.body.runId}`);
  t.same(retried.body.toolCalls.map((c: { tool: string }) => c.tool), READ_TOOLS);
  t.equal((await admin.get(`/api/audit/runs?sessionId=${sessionId}`)).body.total, 2, 'the session holds the failed run and its retry');
});

t.test('Operations MCP restarted between two tool calls: the harness reconnects and the second call succeeds', async (t) => {
  let pids: { before: number; after: number } | undefined;
  // The second tool call is handed to the harness only once a new MCP process answers, so the harness's connection
  // (its subscriptions/listen stream on the 2026-07-28 revision) is gone.
  stack.model.respond(async (request) => {
    const turn = agent(request);
    if (callsTool(turn, READ_TOOLS[1])) {
      const before = await crash(stack, 'mcp');
      pids = { before, after: await restarted(stack, 'mcp', before) };
    }
    return turn;
  });
  const run = await operator.post('/api/agent/runs', { message: MESSAGE });
  t.match(run.body, { status: 'completed', answer: DIGE_READ_ANSWER });
  t.ok(pids && pids.after !== pids.before, 'a new MCP process served the second call');

  const audit = await admin.get(`/api/audit/runs/${run.body.runId}`);
  t.same(audit.body.toolCalls.map((c: { tool: string }) => c.tool), READ_TOOLS);
  t.match(audit.body.toolCalls, [
    { isError: false, refusal: null, result: { structuredContent: { rooms: Array } } },
    { isError: false, refusal: null, result: { structuredContent: { devices: Array } } },
  ]);
  t.ok(stack.output.some((line) => /\[harness\].*MCP connection lost/.test(line)), 'the harness saw the connection go and opened a new one');
});

t.test('model answers 500 then 429 mid-run: retried per the profile, Retry-After honoured, no tool call repeated', async (t) => {
  const faults: ServerTurn[] = [{ fail: { status: 500, message: 'upstream hiccup' } }, { fail: { status: 429, retryAfter: '1' } }];
  const arrivals: number[] = [];
  stack.model.respond((request) => {
    const turn = agent(request);
    if (!callsTool(turn, READ_TOOLS[1])) return turn;
    arrivals.push(Date.now());
    return faults.shift() ?? turn;
  });
  const run = await operator.post('/api/agent/runs', { message: MESSAGE });
  t.match(run.body, { status: 'completed', answer: DIGE_READ_ANSWER });
  t.equal(arrivals.length, 3, 'two failed attempts and the one that succeeded');
  // The backoff alone is at most 20 ms; a few ms of slack covers timers that fire on a coarser clock than Date.now().
  t.ok(arrivals[2]! - arrivals[1]! >= 990, 'the retry after the 429 waited the second it was told to');
  const audit = await admin.get(`/api/audit/runs/${run.body.runId}`);
  t.same(audit.body.toolCalls.map((c: { tool: string }) => c.tool), READ_TOOLS, 'each tool ran once');
});

t.test('model keeps answering 500: after maxRetries the run fails cleanly, audited with the model error code', async (t) => {
  let attempts = 0;
  stack.model.respond((request) => {
    const turn = agent(request);
    if (!callsTool(turn, READ_TOOLS[1])) return turn;
    attempts += 1;
    return { fail: { status: 500, message: 'overloaded' } };
  });
  const run = await operator.post('/api/agent/runs', { message: MESSAGE });
  t.match(run.body, { status: 'failed', answer: null, error: { code: 'model_unavailable', message: /500.*overloaded/ } });
  t.equal(attempts, MODEL_RETRY.maxRetries + 1, 'the first attempt and maxRetries more');
  const audit = await admin.get(`/api/audit/runs/${run.body.runId}`);
  t.match(audit.body.run, { status: 'failed', route: 'dige', error: { code: 'model_unavailable' } });
  t.match(audit.body.toolCalls, [{ tool: READ_TOOLS[0], isError: false }], 'the call that ran before the failure is recorded with its result');
  t.equal(audit.body.toolCalls.length, 1);
});

t.test('model rate-limits with a Retry-After beyond the allowed wait: the run fails at once as rate limited', async (t) => {
  let attempts = 0;
  stack.model.respond(() => {
    attempts += 1;
    return { fail: { status: 429, retryAfter: '60', message: 'slow down' } };
  });
  const run = await operator.post('/api/agent/runs', { message: MESSAGE });
  t.match(run.body, { status: 'failed', error: { code: 'model_rate_limited', message: /slow down/ } });
  t.equal(attempts, 1, 'no retry is attempted when the provider asks for a longer wait than the profile allows');
  t.match((await admin.get(`/api/audit/runs/${run.body.runId}`)).body.run, { status: 'failed', error: { code: 'model_rate_limited' } });
});
