// Cancel over HTTP: any harness copy on the same store ends a paused run or raises the flag for a running one; a finished run is refused.
import { pino } from 'pino';
import t from 'tap';
import { startHarness } from '../../../harness/runtime/start-harness.ts';
import { SECRET, runRequest, startRig } from './harness-rig.ts';

const by = { userId: 'boss', role: 'member' };

t.test('a run paused on one copy is cancelled through another; its pending call is answered and it cannot be resumed', async (t) => {
  const rig = await startRig(t, { script: [{ toolCalls: [{ name: 'notes_delete', arguments: { id: 'n1' } }] }, { text: 'Hello.' }] });
  const other = await startHarness(rig.config, { logger: pino({ level: 'silent' }) });
  t.teardown(() => other.close());
  const run = await rig.post('/runs', runRequest());
  t.equal(run.body.status, 'interrupted');
  const post = (path: string, body: unknown) =>
    fetch(`${other.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(async (res) => ({ status: res.status, body: await res.json() }));
  const cancelled = await post(`/runs/${run.body.runId}/cancel`, { by });
  t.match(cancelled, { status: 200, body: { runId: run.body.runId, state: 'cancelled', result: { status: 'failed', error: { code: 'cancelled', details: { cancelledBy: by } }, toolCalls: [{ status: 'refused' }] } } });
  t.equal(rig.mcp.calls.filter((c) => c.name === 'notes_delete').length, 0, 'the call under review never ran');
  t.match(await rig.get(`/runs/${run.body.runId}`), { status: 200, body: { status: 'failed', error: { code: 'cancelled' } } }, 'the first copy reports what the second did');
  t.match(await post(`/runs/${run.body.runId}/cancel`, { by }), { status: 409, body: { error: { code: 'run_not_active' } } });
  t.match(await post('/runs/never-started/cancel', { by }), { status: 200, body: { state: 'cancelling' } }, 'a run not yet checkpointed is flagged for when it starts');
  t.match(await post(`/runs/${run.body.runId}/cancel`, {}), { status: 400, body: { error: { code: 'invalid_request', details: { issues: [{ path: '/body/by', message: 'missing required field `by`' }] } } } });
  t.match(await post(`/runs/${run.body.runId}/cancel`, { by: { userID: by.userId, role: by.role } }), {
    status: 400,
    body: {
      error: {
        code: 'invalid_request',
        details: {
          issues: [
            { path: '/body/by/userId', message: 'missing required field `userId`' },
            { path: '/body/by/userID', message: 'unknown field `userID`; did you mean `userId`?' },
          ],
        },
      },
    },
  });
});

t.test('a run flagged before it reaches a copy stops at its first node there', async (t) => {
  const rig = await startRig(t, { script: [{ text: 'never' }] });
  const req = runRequest();
  t.match(await rig.post(`/runs/${req.runId}/cancel`, { by }), { status: 200, body: { state: 'cancelling' } });
  const run = await rig.post('/runs', req);
  t.match(run, { status: 200, body: { status: 'failed', error: { code: 'cancelled', details: { cancelledBy: by } } } });
  t.equal(rig.model.requests.length, 0, 'the model was never called');
});
