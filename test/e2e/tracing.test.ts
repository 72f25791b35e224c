// One OpenTelemetry trace per request across the real processes: the caller's traceparent continues through the API, the
// harness (agent, model and tool spans), the Operations MCP server and the Dige provider call, exported over OTLP/HTTP
// (protobuf, the default) to a receiver in this test; no message content and no credential leaves by default.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { SERVICE_SECRET_FILE } from '../../shared/service-auth/service-secret.ts';
import { startAgentStack } from '../helpers/agent-stack.ts';
import { DIGE_READ_ANSWER, digeReadPlan, READ_TOOLS } from '../helpers/dige-read-plan.ts';
import { eventually } from '../helpers/launcher.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { scriptedAgent } from '../helpers/scripted-agent.ts';

const SERVER = 2;
const CLIENT = 3;

const receiver = await startOtlpReceiver();
t.teardown(() => receiver.close());
const stack = await startAgentStack(t, {
  env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' },
});
const token = await stack.token('olivia', 'operator');

/** The caller's own span, as a service in front of Nexus would send it. */
const callerTraceId = randomBytes(16).toString('hex');
const callerSpanId = randomBytes(8).toString('hex');
const message = 'Tracing check: what rooms and devices are there?';

stack.model.respond(scriptedAgent([{ when: /Tracing check|Tracing goal/, plan: digeReadPlan }]));
const res = await fetch(new URL('/api/agent/runs', stack.apiUrl), {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', traceparent: `00-${callerTraceId}-${callerSpanId}-01` },
  body: JSON.stringify({ message }),
});
const run = (await res.json()) as { runId: string; status: string; answer: string };

const inTrace = () => receiver.spans.filter((span) => span.traceId === callerTraceId);
const find = (what: string, match: (span: ReceivedSpan) => boolean) => {
  const span = inTrace().find(match);
  if (span === undefined) throw new Error(`no ${what} span in the trace: ${inTrace().map((s) => `${s.service}:${s.name}`).join(', ')}`);
  return span;
};
/** Whether `ancestor` is on the parent chain of `span` within the trace. */
const descends = (span: ReceivedSpan, ancestor: ReceivedSpan) => {
  const byId = new Map(inTrace().map((s) => [s.spanId, s]));
  for (let at = byId.get(span.parentSpanId); at !== undefined; at = byId.get(at.parentSpanId)) if (at === ancestor) return true;
  return false;
};
const providerCall = (span: ReceivedSpan) => span.service === 'nexus-mcp' && span.kind === CLIENT && String(span.attributes['url.full']).startsWith(stack.simUrl);

// Each process exports on its own schedule: wait until the last hop (the provider call) and the run's end have arrived.
await eventually(async () => (inTrace().some(providerCall) && inTrace().some((s) => s.name === 'invoke_agent') && inTrace().some((s) => s.service === 'nexus-api' && s.kind === SERVER) ? true : undefined), 'the spans of the run');

t.test('the run completed as usual with tracing on', async (t) => {
  t.equal(res.status, 200);
  t.equal(run.status, 'completed');
  t.equal(run.answer, DIGE_READ_ANSWER);
  t.same(receiver.contentTypes, new Set(['application/x-protobuf']), 'the default protocol is http/protobuf');
});

t.test('the caller’s trace continues through every process down to the provider call', async (t) => {
  const services = new Set(inTrace().map((span) => span.service));
  for (const service of ['nexus-api', 'nexus-harness', 'nexus-mcp']) t.ok(services.has(service), `${service} spans are in the trace`);

  const apiServer = find('API server', (s) => s.service === 'nexus-api' && s.kind === SERVER);
  t.equal(apiServer.parentSpanId, callerSpanId, 'the API request span is a child of the caller’s span');
  t.equal(apiServer.name, 'POST /api/agent/runs', 'HTTP server spans are named method and route');
  const harnessServer = find('harness server', (s) => s.service === 'nexus-harness' && s.kind === SERVER);
  t.ok(descends(harnessServer, apiServer), 'the harness request is below the API request');
  t.ok(inTrace().some((s) => s.service === 'nexus-api' && s.kind === CLIENT && s.spanId === harnessServer.parentSpanId), 'through the API’s HTTP client span');

  const agent = find('invoke_agent', (s) => s.name === 'invoke_agent');
  t.ok(descends(agent, harnessServer), 'the agent run is below the harness request');
  const chats = inTrace().filter((s) => s.name === 'chat scripted');
  t.ok(chats.length >= READ_TOOLS.length + 1, 'a chat span per model call');
  for (const chat of chats) t.equal(chat.parentSpanId, agent.spanId, 'model calls are children of the agent run');
  t.same(chats.filter((chat) => chat.attributes['nexus.model_call.purpose'] === 'routing').length, 1, 'the routing call is one of them');

  for (const tool of READ_TOOLS) {
    const execute = find(`execute_tool ${tool}`, (s) => s.name === `execute_tool ${tool}`);
    t.equal(execute.parentSpanId, agent.spanId, `${tool} runs as a child of the agent run`);
    const mcpClient = find(`MCP client ${tool}`, (s) => s.service === 'nexus-harness' && s.name === `tools/call ${tool}` && s.kind === CLIENT);
    t.equal(mcpClient.parentSpanId, execute.spanId, 'the MCP request is a child of the tool execution');
    const mcpServer = find(`MCP server ${tool}`, (s) => s.service === 'nexus-mcp' && s.name === `tools/call ${tool}` && s.kind === SERVER);
    t.ok(descends(mcpServer, mcpClient), 'the MCP server span continues the harness’s MCP request');
    t.match(mcpServer.attributes, { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool, 'mcp.protocol.version': '2026-07-28' });
    t.notOk('mcp.session.id' in mcpServer.attributes, 'the stateless server has no session to name');
  }
  const listClient = find('MCP tools/list client', (s) => s.service === 'nexus-harness' && s.name === 'tools/list' && s.kind === CLIENT);
  t.ok(descends(listClient, harnessServer), 'the harness lists tools within the run’s request');
  const listServer = find('MCP tools/list server', (s) => s.service === 'nexus-mcp' && s.name === 'tools/list' && s.kind === SERVER);
  t.ok(descends(listServer, listClient), 'the MCP server span of tools/list continues the harness’s request');
  t.match(listServer.attributes, { 'mcp.method.name': 'tools/list', 'mcp.protocol.version': '2026-07-28', 'jsonrpc.request.id': String });
  t.notOk('gen_ai.tool.name' in listServer.attributes, 'a listing names no tool');
  const provider = inTrace().filter(providerCall);
  t.ok(provider.length > 0, 'the Dige provider calls are in the trace');
  for (const call of provider) {
    t.ok(inTrace().some((s) => s.service === 'nexus-mcp' && s.kind === SERVER && s.name.startsWith('tools/call ') && descends(call, s)), 'each provider call is below an MCP tool call');
  }
});

t.test('spans carry the GenAI attribute names', async (t) => {
  const agent = find('invoke_agent', (s) => s.name === 'invoke_agent');
  t.match(agent.attributes, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'scripted', 'gen_ai.conversation.id': String, 'nexus.run.id': run.runId });
  // Routing and the model node go through one chat helper, so both have the same shape.
  for (const purpose of ['routing', 'agent']) {
    const chat = find(`${purpose} chat`, (s) => s.name === 'chat scripted' && s.attributes['nexus.model_call.purpose'] === purpose);
    t.match(chat.attributes, { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'scripted', 'gen_ai.usage.input_tokens': Number, 'gen_ai.usage.output_tokens': Number, 'gen_ai.response.finish_reasons': [String] });
    t.equal(chat.kind, CLIENT);
  }
  const execute = find('execute_tool', (s) => s.name === `execute_tool ${READ_TOOLS[0]}`);
  t.match(execute.attributes, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': READ_TOOLS[0], 'gen_ai.tool.call.id': String });
});

t.test('no message content and no credential is exported by default', async (t) => {
  const everything = receiver.rawBodies.join('\n');
  t.notOk(everything.includes('Tracing check'), 'the user’s message is not exported');
  t.notOk(everything.includes(DIGE_READ_ANSWER), 'the answer is not exported');
  t.notOk(everything.includes(token), 'the user’s token is not exported');
  const serviceSecret = (await readFile(path.join(stack.dataDir, SERVICE_SECRET_FILE), 'utf8')).trim();
  t.ok(serviceSecret.length >= 32);
  t.notOk(everything.includes(serviceSecret), 'the service secret the processes call each other with is not exported');
  const contentAttributes = ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result'];
  const carrying = receiver.spans.filter((span) => contentAttributes.some((name) => name in span.attributes)).map((span) => span.name);
  t.same(carrying, [], 'no span carries a content attribute');
});

t.test('the audit record of the run keeps its trace id', async (t) => {
  const audit = await stack.api(stack.adminToken).get(`/api/audit/runs/${run.runId}`);
  t.equal(audit.body.run.traceId, callerTraceId);
});

t.test('a scheduled goal is one trace from the worker’s attempt through the harness', async (t) => {
  const operator = stack.api(token);
  const created = await operator.post('/api/scheduler/tasks', {
    kind: 'scheduler.goal',
    title: 'traced goal',
    payload: { goal: 'Tracing goal: list the rooms and devices.' },
    schedule: { type: 'once', at: new Date().toISOString() },
  });
  t.equal(created.status, 201);
  const attempt = await eventually(async () => receiver.spans.find((s) => s.service === 'nexus-worker' && s.name === 'scheduler.execute scheduler.goal' && s.attributes['nexus.task.id'] === created.body.id), 'the worker’s attempt span');
  t.equal(attempt.parentSpanId, '', 'the attempt is the root of its trace');
  const sameTrace = () => receiver.spans.filter((s) => s.traceId === attempt.traceId);
  const agent = await eventually(async () => sameTrace().find((s) => s.name === 'invoke_agent'), 'the goal’s agent run in the worker’s trace');
  const harnessServer = sameTrace().find((s) => s.service === 'nexus-harness' && s.kind === SERVER);
  t.ok(harnessServer, 'the harness request is in the worker’s trace');
  t.equal(agent.attributes['gen_ai.operation.name'], 'invoke_agent');
  const goalRunId = await eventually(async () => (await operator.get(`/api/scheduler/tasks/${created.body.id}/runs`)).body.items[0]?.result?.data?.runId as string | undefined, 'the occurrence’s result');
  const audit = await stack.api(stack.adminToken).get(`/api/audit/runs/${goalRunId}`);
  t.equal(audit.body.run.traceId, attempt.traceId, 'the goal’s audit record names the worker’s trace');
});
