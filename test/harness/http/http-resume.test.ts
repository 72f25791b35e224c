// Review over HTTP: approve, edit, reject, respond, streamed resume, replays, identity and role re-checks, restart then resume.
import { writeFile } from 'node:fs/promises';
import t from 'tap';
import type { ModelAdapter } from '../../../harness/models/model-adapter.ts';
import { createModelAdapter } from '../../../harness/models/create-model-adapter.ts';
import { member, profileText, reviewer, runRequest, startRig, type Rig } from './harness-rig.ts';

const deleteNote = (id = 'n9') => ({ toolCalls: [{ name: 'notes_delete', arguments: { id } }] });

async function paused(rig: Rig) {
  const run = await rig.post('/runs', runRequest());
  if (run.body.status !== 'interrupted') throw new Error(`expected a paused run, got ${JSON.stringify(run.body)}`);
  return { runId: run.body.runId as string, callId: run.body.pendingReviews[0].toolCallId as string };
}

const deletes = (rig: Rig) => rig.mcp.calls.filter((call) => call.name === 'notes_delete');

t.test('approve runs the call on the user\'s behalf and finishes the run; a replay is refused', async (t) => {
  const rig = await startRig(t, { script: [deleteNote(), { text: 'Deleted.' }] });
  const { runId, callId } = await paused(rig);
  t.equal(deletes(rig).length, 0, 'nothing ran before the decision');
  const other = await rig.post(`/runs/${runId}/resume`, { runId: 'other', identity: member, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.match(other, { status: 400, body: { error: { code: 'invalid_request' } } }, 'a body naming another run is refused');
  // The body may be a whole ResumeRequest, runId included.
  const res = await rig.post(`/runs/${runId}/resume`, { runId, identity: member, reviewer, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.match(res, { status: 200, body: { status: 'completed', answer: 'Deleted.', toolCalls: [{ status: 'succeeded', review: { decision: 'approve', reviewerId: 'rev-1' } }] } });
  t.match(deletes(rig), [{ args: { id: 'n9' }, userId: 'user-1', tokenId: 'token-1' }]);
  const replay = await rig.post(`/runs/${runId}/resume`, { identity: member, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.match(replay, { status: 409, body: { error: { code: 'resume_refused' } } });
  t.equal(deletes(rig).length, 1, 'the replay ran nothing');
  t.match(await rig.post('/runs/none/resume', { identity: member, decisions: [{ toolCallId: 'c', type: 'approve' }] }), { status: 404, body: { error: { code: 'run_not_found' } } });
});

t.test('edit re-validates and runs with the reviewer\'s arguments; reject and respond run nothing', async (t) => {
  const rig = await startRig(t, { script: [deleteNote(), { text: 'Edited.' }, deleteNote(), { text: 'Rejected.' }, deleteNote(), { text: 'Answered.' }] });
  const edit = await paused(rig);
  const wrong = await rig.post(`/runs/${edit.runId}/resume`, { identity: member, decisions: [{ toolCallId: edit.callId, type: 'edit', arguments: { id: 7 } }] });
  t.match(wrong, { status: 400, body: { error: { code: 'invalid_review_decision' } } });
  const edited = await rig.post(`/runs/${edit.runId}/resume`, { identity: member, decisions: [{ toolCallId: edit.callId, type: 'edit', arguments: { id: 'n10' } }] });
  t.match(edited.body, { status: 'completed', toolCalls: [{ status: 'succeeded', arguments: { id: 'n10' }, requestedArguments: { id: 'n9' } }] });
  t.match(deletes(rig), [{ args: { id: 'n10' } }]);

  const reject = await paused(rig);
  const rejected = await rig.post(`/runs/${reject.runId}/resume`, { identity: member, decisions: [{ toolCallId: reject.callId, type: 'reject', reason: 'keep it' }] });
  t.match(rejected.body, { status: 'completed', toolCalls: [{ status: 'rejected', refusal: { code: 'rejected_by_reviewer' } }] });
  const respond = await paused(rig);
  const answered = await rig.post(`/runs/${respond.runId}/resume`, { identity: member, decisions: [{ toolCallId: respond.callId, type: 'respond', message: 'Not today.' }] });
  t.match(answered.body, { status: 'completed', toolCalls: [{ status: 'answered', review: { decision: 'respond', message: 'Not today.' } }] });
  t.equal(deletes(rig).length, 1, 'only the edited call ran');
});

t.test('the streamed resume sends the continuation as SSE', async (t) => {
  const rig = await startRig(t, { script: [deleteNote(), { text: 'Gone now.' }] });
  const { runId, callId } = await paused(rig);
  const res = await rig.stream(`/runs/${runId}/resume/stream`, { identity: member, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.equal(res.status, 200);
  const kinds = res.events.map((event) => event.type).filter((type, i, all) => type !== 'text_delta' || all[i - 1] !== 'text_delta');
  t.same(kinds, ['run_started', 'tool_result', 'text_delta', 'run_finished']);
  t.match(res.events[0], { type: 'run_started', resumed: true });
  const replay = await rig.stream(`/runs/${runId}/resume/stream`, { identity: member, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.match(replay, { status: 409, body: { error: { code: 'resume_refused' } } });
});

t.test('resume re-checks the identity: another user is refused, a role that lost the tool gets a refusal', async (t) => {
  const rig = await startRig(t, { script: [deleteNote(), { text: 'Could not delete.' }, deleteNote(), { text: 'Not allowed any more.' }] });
  const first = await paused(rig);
  const stranger = await rig.post(`/runs/${first.runId}/resume`, { identity: { ...member, userId: 'mallory' }, decisions: [{ toolCallId: first.callId, type: 'approve' }] });
  t.match(stranger, { status: 403, body: { error: { code: 'identity_mismatch' } } });
  const demoted = await rig.post(`/runs/${first.runId}/resume`, { identity: { ...member, role: 'reader' }, decisions: [{ toolCallId: first.callId, type: 'approve' }] });
  t.match(demoted.body, { status: 'completed', toolCalls: [{ status: 'refused', refusal: { code: 'permission_denied' }, review: { decision: 'approve' } }] });
  t.equal(deletes(rig).length, 0, 'the approved call did not run for a role without the tool');

  const second = await paused(rig);
  const reloaded = rig.nextReload((report) => report.changed);
  await writeFile(rig.profilePath, profileText({ model: rig.model.openaiBaseUrl, memberTools: '"notes_read"' }));
  await reloaded;
  const afterEdit = await rig.post(`/runs/${second.runId}/resume`, { identity: member, decisions: [{ toolCallId: second.callId, type: 'approve' }] });
  t.match(afterEdit.body, { status: 'completed', toolCalls: [{ status: 'refused', refusal: { code: 'permission_denied' } }] }, 'a profile edit counts too');
  t.equal(deletes(rig).length, 0);
  const ghost = await rig.post(`/runs/${second.runId}/resume`, { identity: { ...member, role: 'ghost' }, decisions: [{ toolCallId: second.callId, type: 'approve' }] });
  t.match(ghost, { status: 403, body: { error: { code: 'unknown_role' } } }, 'a role the profile does not have may not resume');
});

t.test('restart then resume: a new harness process on the same store continues the run', async (t) => {
  const rig = await startRig(t, { script: [deleteNote(), { text: 'Deleted after the restart.' }] });
  const { runId, callId } = await paused(rig);
  await rig.restart();
  t.match(await rig.get(`/runs/${runId}`), { status: 200, body: { status: 'interrupted', pendingReviews: [{ toolCallId: callId }] } });
  const res = await rig.post(`/runs/${runId}/resume`, { identity: member, decisions: [{ toolCallId: callId, type: 'approve' }] });
  t.match(res.body, { status: 'completed', answer: 'Deleted after the restart.' });
  t.equal(deletes(rig).length, 1);
  t.match(await rig.get(`/runs/${runId}`), { body: { status: 'completed' } });
});

t.test('a run in flight keeps the profile it started with; the next run sees the edit', async (t) => {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inModel = new Promise<void>((resolve) => (entered = resolve));
  let calls = 0;
  // Holds the first model call until the test has changed the profile under the running run.
  const gatedFactory = (settings: Parameters<typeof createModelAdapter>[0]): ModelAdapter => {
    const inner = createModelAdapter(settings);
    return {
      provider: inner.provider,
      model: inner.model,
      async call(request) {
        calls += 1;
        if (calls === 1) {
          entered();
          await gate;
        }
        return inner.call(request);
      },
      close: () => inner.close?.() ?? Promise.resolve(),
    };
  };
  const readNote = { toolCalls: [{ name: 'notes_read', arguments: { id: 'r1' } }] };
  const rig = await startRig(t, { script: [readNote, { text: 'Read it.' }, readNote, { text: 'Could not read.' }], start: { modelFactory: gatedFactory } });
  const inFlight = rig.post('/runs', runRequest());
  await inModel;
  const reloaded = rig.nextReload((report) => report.changed);
  await writeFile(rig.profilePath, profileText({ model: rig.model.openaiBaseUrl, memberTools: '"notes_delete"' }));
  await reloaded;
  release();
  const first = await inFlight;
  t.match(first.body, { status: 'completed', toolCalls: [{ name: 'notes_read', status: 'succeeded' }] }, 'the old profile still applies to this run');
  const next = await rig.post('/runs', runRequest());
  t.match(next.body, { toolCalls: [{ name: 'notes_read', status: 'refused', refusal: { code: 'permission_denied' } }] }, 'a new run uses the new profile');
});
