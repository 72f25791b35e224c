// A model that claims what it never did, on the real processes: the dige skill requires a tool on its first call, the claim is
// flagged in the answer and the audit, a cut-off tool call never reaches a device, and nothing is recorded as a plain success.
import t from 'tap';
import { UNGROUNDED_NOTICE } from '../../shared/contracts/run-result.ts';
import { startAgentStack } from '../helpers/agent-stack.ts';
import type { RecordedRequest, ServerTurn } from '../helpers/scripted-model-server.ts';

const stack = await startAgentStack(t);
const admin = stack.api(stack.adminToken);
const operator = stack.api(await stack.token('cleo', 'operator'));

const routing = (request: RecordedRequest) => ((request.body.tools ?? []) as { function: { name: string } }[]).some((tool) => tool.function.name === 'select_route');

/** Routes to dige, then answers the first agent call with `turn`; later calls answer plainly. */
function model(turn: ServerTurn): (request: RecordedRequest) => ServerTurn {
  let agentCalls = 0;
  return (request) => {
    if (routing(request)) return { toolCalls: [{ name: 'select_route', arguments: { route: 'dige' } }] };
    agentCalls += 1;
    return agentCalls === 1 ? turn : { text: 'unused' };
  };
}

const agentRequests = () => stack.model.requests.filter((request) => !routing(request));

t.test('"the lights have been turned on" with no tool call: completed, but flagged in the answer and the audit', async (t) => {
  const before = await stack.simState();
  const seen = agentRequests().length;
  stack.model.respond(model({ text: 'The meeting room lights have been turned on.' }));
  const run = await operator.post('/api/agent/runs', { message: 'turn on the meeting room lights' });
  t.match(run.body, { status: 'completed', answer: 'The meeting room lights have been turned on.', notice: UNGROUNDED_NOTICE, result: { skill: 'dige', grounding: 'none', toolsOffered: true } });
  t.equal(agentRequests()[seen]?.body.tool_choice, 'required', 'the dige skill is tool-first: a tool was required, and the provider ignored it');
  t.same((await stack.simState()).devices, before.devices, 'no device changed');
  const audit = await admin.get(`/api/audit/runs/${run.body.runId}`);
  t.match(audit.body.run, { status: 'completed', grounding: 'none', ungrounded: true, notice: UNGROUNDED_NOTICE });
  t.match(audit.body.modelSteps.at(-1), { kind: 'agent', toolChoice: 'required', toolCalls: [] });
  const flagged = await admin.get('/api/audit/runs?ungrounded=true');
  t.ok(flagged.body.items.some((item: { id: string }) => item.id === run.body.runId), 'the run list finds it');
});

t.test('a tool call cut off at the token limit never runs: failed as model_output_truncated, the call audited as stopped', async (t) => {
  const before = await stack.simState();
  stack.model.respond(model({ toolCalls: [{ name: 'dige_control_device', arguments: '{"deviceId": "light-lobby", "comm' }], stop: 'tokenLimit' }));
  const run = await operator.post('/api/agent/runs', { message: 'turn on the lobby lights' });
  t.match(run.body, { status: 'failed', answer: null, notice: null, error: { code: 'model_output_truncated' } });
  t.same((await stack.simState()).devices, before.devices, 'no device changed');
  const audit = await admin.get(`/api/audit/runs/${run.body.runId}`);
  t.match(audit.body.run, { status: 'failed', grounding: 'none', ungrounded: false, error: { code: 'model_output_truncated' } });
  t.match(audit.body.toolCalls, [{ tool: 'dige_control_device', isError: true, refusal: /^run_stopped: / }]);
});
