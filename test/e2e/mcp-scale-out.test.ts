// Two Operations MCP processes over one store behind a round-robin balancer: a run's tool calls land on both copies and
// complete, each with its audit record, because no request depends on which copy answered an earlier one.
import t from 'tap';
import { startAgentStack } from '../helpers/agent-stack.ts';
import { startMcpProcess } from '../helpers/mcp-process.ts';
import { startRoundRobinProxy } from '../helpers/round-robin-proxy.ts';
import { scriptedAgent } from '../helpers/scripted-agent.ts';

// The balancer starts first: the stack's processes must be told its address. Until the second copy is up it has one upstream.
const upstreams: URL[] = [];
const balancer = await startRoundRobinProxy(() => upstreams);
t.teardown(() => balancer.close());

// Behind a balancer the public Host is the balancer's, so every copy is configured to accept it, as in a real deployment.
const stack = await startAgentStack(t, {
  env: { NEXUS_MCP_URL: `${balancer.origin}/mcp`, NEXUS_MCP_ALLOWED_HOSTS: new URL(balancer.origin).host },
});
upstreams.push(new URL(`http://127.0.0.1:${stack.env.NEXUS_MCP_PORT}`));
const second = await startMcpProcess(stack.env);
t.teardown(() => second.stop());
upstreams.push(new URL(second.origin));

const operator = stack.api(await stack.token('olivia', 'operator'));

t.test('a run with several tool calls completes across both copies, every call audited', async (t) => {
  const calls = [
    { name: 'dige_list_rooms', arguments: {} },
    { name: 'dige_list_devices', arguments: { roomId: 'room-office' } },
    { name: 'dige_list_devices', arguments: { roomId: 'room-meeting' } },
    { name: 'dige_get_device_state', arguments: { deviceId: 'light-office' } },
  ];
  stack.model.respond(
    scriptedAgent([{ when: /overview/, plan: { route: 'dige', calls, answer: (turn) => `Read ${turn.toolResults.length} answers.` } }]),
  );
  const before = balancer.routed.length;
  const run = await operator.post('/api/agent/runs', { message: 'Give me an overview of the office devices.' });
  t.equal(run.status, 200, JSON.stringify(run.body));
  t.equal(run.body.status, 'completed');
  t.equal(run.body.answer, 'Read 4 answers.');

  const toolCalls = balancer.routed.slice(before).filter((routed) => routed.mcpMethod === 'tools/call');
  t.same(toolCalls.map((routed) => routed.mcpName), calls.map((call) => call.name), 'every call went through the balancer, named in Mcp-Name');
  t.same(new Set(toolCalls.map((routed) => routed.upstream)), new Set([0, 1]), 'both copies answered calls of the one run');

  const audit = await stack.api(stack.adminToken).get(`/api/audit/runs/${run.body.runId}`);
  t.equal(audit.status, 200);
  t.same(audit.body.toolCalls.map((call: { tool: string }) => call.tool), calls.map((call) => call.name), 'one audit record per call');
  for (const call of audit.body.toolCalls as { isError: boolean; server: string }[]) t.match(call, { isError: false, server: 'operations' });
});
