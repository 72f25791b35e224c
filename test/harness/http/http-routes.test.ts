// The harness HTTP service end to end: auth, invoke, SSE event order, run status, status page, and refusals.
import t from 'tap';
import { Value } from 'typebox/value';
import { RunViewSchema } from '../../../shared/contracts/harness-http.ts';
import { RunResultSchema } from '../../../shared/contracts/run-result.ts';
import { member, profileText, runRequest, SECRET, startRig } from './harness-rig.ts';
import { writeSkill } from '../skills/skill-files.ts';

const readNote = { toolCalls: [{ name: 'notes_read', arguments: { id: 'n1' } }] };
const types = (events: Array<{ type: string }>) => events.map((event) => event.type).filter((type, i, all) => type !== 'text_delta' || all[i - 1] !== 'text_delta');

t.test('every route but /health needs the service token; errors have one shape', async (t) => {
  const rig = await startRig(t);
  t.same(await rig.get('/health', null), { status: 200, body: { status: 'ok' } });
  const missing = await rig.post('/runs', runRequest(), null);
  t.match(missing, { status: 401, body: { error: { code: 'unauthorized' } } });
  t.equal(missing.headers.get('www-authenticate'), 'Bearer');
  t.match(await rig.post('/runs', runRequest(), 'x'.repeat(SECRET.length)), { status: 401 });
  t.match(await rig.get('/status', `${SECRET}x`), { status: 401 });
  t.match(await rig.get('/runs/whatever', null), { status: 401 });
  t.match(await rig.get('/nowhere'), { status: 404, body: { error: { code: 'route_not_found' } } });
  const invalid = await rig.post('/runs', { runId: 'r', messages: [] });
  t.match(invalid, { status: 400, body: { error: { code: 'invalid_request', details: { issues: [{ path: '/body/threadId', message: 'missing required field `threadId`' }] } } } });
  const wrongType = await rig.post('/runs', { ...runRequest(), runId: 5 });
  t.match(wrongType, { status: 400, body: { error: { code: 'invalid_request', message: 'The request is not valid: /body/runId: expected a string, got a number (5)' } } });
  t.notMatch(JSON.stringify(invalid.body), SECRET);
  const noTokenId = await rig.post('/runs', runRequest({ identity: { ...member, tokenId: undefined } }));
  t.match(noTokenId, { status: 400, body: { error: { code: 'invalid_request' } } }, 'the credential id is required');
});

t.test('POST /runs runs a real conversation against an OpenAI-compatible endpoint and MCP tools', async (t) => {
  const rig = await startRig(t, { script: [readNote, { text: 'Your note says n1.' }] });
  const res = await rig.post('/runs', runRequest());
  t.equal(res.status, 200);
  t.ok(Value.Check(RunResultSchema, res.body));
  t.match(res.body, { status: 'completed', skill: 'notes', answer: 'Your note says n1.', toolCalls: [{ name: 'notes_read', status: 'succeeded', source: 'default', result: { structuredContent: { id: 'n1' } } }] });
  t.match(rig.mcp.calls, [{ name: 'notes_read', userId: 'user-1', tokenId: 'token-1', correlationId: 'corr-1' }], 'MCP is called on the user\'s behalf');
  t.equal(rig.mcp.refused, 0);
  t.match(await rig.post('/runs', { ...runRequest(), runId: res.body.runId }), { status: 409, body: { error: { code: 'run_exists' } } });
  t.match(await rig.post('/runs', runRequest({ skill: 'missing' })), { status: 400, body: { error: { code: 'unknown_route' } } });
  t.match(await rig.post('/runs', runRequest({ identity: { ...member, role: 'ghost' } })), { status: 403, body: { error: { code: 'unknown_role' } } });
});

t.test('POST /runs/stream sends the events in order, as SSE', async (t) => {
  const rig = await startRig(t, {
    script: [readNote, { text: 'All done now.' }, { toolCalls: [{ name: 'notes_delete', arguments: { id: 'n2' } }] }, { fail: { status: 400, message: 'bad request' } }],
  });
  const done = await rig.stream('/runs/stream', runRequest());
  t.equal(done.status, 200);
  t.same(types(done.events), ['run_started', 'tool_call', 'tool_result', 'text_delta', 'run_finished']);
  t.equal(done.events.filter((event) => event.type === 'text_delta').map((event) => (event.type === 'text_delta' ? event.delta : '')).join(''), 'All done now.');
  const paused = await rig.stream('/runs/stream', runRequest());
  t.same(types(paused.events), ['run_started', 'tool_call', 'interrupt', 'run_finished']);
  t.match(paused.events.at(-1), { type: 'run_finished', result: { status: 'interrupted', pendingReviews: [{ name: 'notes_delete', kind: 'approval' }] } });
  const failed = await rig.stream('/runs/stream', runRequest());
  t.same(types(failed.events), ['run_started', 'error', 'run_finished']);
  t.match(failed.events.at(-1), { result: { status: 'failed', error: { code: 'model_http_error' } } });
  const refused = await rig.stream('/runs/stream', { ...runRequest(), runId: failed.events[0]!.runId });
  t.match(refused, { status: 409, events: [], body: { error: { code: 'run_exists' } } }, 'a refused start is a JSON error, not a stream');
});

t.test('GET /runs/:runId shows the checkpointed run, with what the model was offered and why the rest was hidden', async (t) => {
  const rig = await startRig(t, { script: [{ toolCalls: [{ name: 'notes_delete', arguments: { id: 'n3' } }] }, { text: 'You may not delete notes.' }] });
  const run = await rig.post('/runs', runRequest({ identity: { ...member, role: 'reader' } }));
  t.match(run.body, { status: 'completed', toolCalls: [{ name: 'notes_delete', status: 'refused', refusal: { code: 'permission_denied' } }] });
  const view = await rig.get(`/runs/${run.body.runId}`);
  t.equal(view.status, 200);
  t.ok(Value.Check(RunViewSchema, view.body));
  t.match(view.body, { status: 'completed', userId: 'user-1', skill: 'notes', answer: 'You may not delete notes.' });
  t.ok(view.body.visibleTools.includes('notes_read'));
  t.match(view.body.hiddenTools, [{ name: 'notes_delete', reason: 'not_authorized_for_role' }]);
  t.match(await rig.get('/runs/none'), { status: 404, body: { error: { code: 'run_not_found' } } });
});

t.test('GET /status: profile, model, skills, MCP servers and tools, and the last reload\'s problems', async (t) => {
  const rules = ['mcp:', '  toolRules:', '    - { match: ["notes_delete"], domain: notes, permission: destructive }'];
  const rig = await startRig(t, { script: [readNote, { text: 'ok' }], profile: (url) => profileText({ model: url, extra: rules }) });
  await rig.post('/runs', runRequest());
  const status = await rig.get('/status');
  t.match(status.body, {
    status: 'ok',
    profile: { version: 'test-1', generation: 1 },
    model: { configured: true, provider: 'openai', model: 'scripted' },
    skills: [{ name: 'notes', description: 'Reads and deletes notes.' }],
    lastReload: { problems: [] },
    mcp: [{ name: 'default', transport: 'http', clients: 1, tools: [{ name: 'notes_delete', domain: 'notes', permission: 'destructive', review: false, enabled: true }, { name: 'notes_read' }] }],
  });
  t.notMatch(JSON.stringify(status.body), SECRET);
  const broken = rig.nextReload((report) => report.problems.length > 0);
  await writeSkill(rig.skillRoot, 'notes', { raw: '---\nname: notes\n---\n' });
  await broken;
  const after = await rig.get('/status');
  t.match(after.body, { profile: { generation: 1 }, skills: [{ name: 'notes' }], lastReload: { problems: [/notes\/SKILL.md: description: must be a non-empty string/] } });
});

t.test('without a model the harness still serves; runs are refused with model_not_configured', async (t) => {
  const rig = await startRig(t, { withModel: false });
  const status = await rig.get('/status');
  t.match(status.body.model, { configured: false, message: /Add a `model` section to the runtime profile.*apiKeyEnv/ });
  const run = await rig.post('/runs', runRequest());
  t.match(run, { status: 503, body: { error: { code: 'model_not_configured', message: /model` section/ } } });
  t.match(await rig.stream('/runs/stream', runRequest()), { status: 503, body: { error: { code: 'model_not_configured' } } });
  t.match(await rig.get(`/runs/${'x'}`), { status: 404 }, 'nothing was checkpointed');
});
