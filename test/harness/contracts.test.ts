// The harness's HTTP contract schemas accept what the harness produces and refuse malformed input.
import t from 'tap';
import { Value } from 'typebox/value';
import { ReviewDecisionSchema, ResumeRequestSchema } from '../../shared/contracts/review-decision.ts';
import { RunRequestSchema } from '../../shared/contracts/run-request.ts';
import { RunResultSchema } from '../../shared/contracts/run-result.ts';
import { RunStreamEventSchema } from '../../shared/contracts/stream-event.ts';
import { collect, request, testRunner } from './fixtures.ts';

t.test('every event and result a run produces matches the contract', async (t) => {
  const { runner } = testRunner({
    script: [{ text: 'Working.', toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }, { name: 'remove_item', arguments: { id: 'z' } }] }, { text: 'ok' }],
  });
  const req = request();
  t.ok(Value.Check(RunRequestSchema, req));
  const first = await collect(runner.stream(req));
  const second = await collect(runner.resumeStream(req.runId, [{ toolCallId: 'call_2', type: 'edit', arguments: { id: 'y' } }]));
  for (const event of [...first, ...second]) t.ok(Value.Check(RunStreamEventSchema, event), event.type);
  const results = [...first, ...second].flatMap((event) => (event.type === 'run_finished' ? [event.result] : []));
  t.same(results.map((result) => result.status), ['interrupted', 'completed']);
  for (const result of results) t.ok(Value.Check(RunResultSchema, result));
});

t.test('malformed requests and decisions are refused by the schemas', async (t) => {
  t.notOk(Value.Check(RunRequestSchema, { ...request(), identity: { userId: 'u' } }));
  t.notOk(Value.Check(RunRequestSchema, { ...request(), limits: { maxModelCalls: 0 } }));
  t.notOk(Value.Check(ReviewDecisionSchema, { toolCallId: 'c', type: 'edit' }));
  t.notOk(Value.Check(ReviewDecisionSchema, { toolCallId: 'c', type: 'reject' }));
  t.ok(Value.Check(ReviewDecisionSchema, { toolCallId: 'c', type: 'respond', message: 'yes' }));
  t.notOk(Value.Check(ResumeRequestSchema, { runId: 'r', decisions: [] }));
});
