// What a settled run leaves in a conversation: answers, notices naming what waits and who decides, failures; titles and text rules.
import t from 'tap';
import { checkText } from '../../../../plugins/chipchat/domain/message.ts';
import { normalizeTitle, titleFromMessage } from '../../../../plugins/chipchat/domain/conversation.ts';
import { UNGROUNDED_NOTICE } from '../../../../shared/contracts/run-result.ts';
import { replyFor, reviewerRoles, summarizeArguments, type RunFacts } from '../../../../plugins/chipchat/domain/run-reply.ts';

const roles = { admin: { reviews: ['*'] }, lead: { reviews: ['demo_*'] }, operator: {}, night: { reviews: ['demo_switch'] } };
const reviewers = (tool: string) => reviewerRoles(roles, tool);
const run = (over: Partial<RunFacts>): RunFacts => ({ runId: 'r1', status: 'completed', answer: 'Hello.', result: { toolCalls: [] }, error: null, notice: null, ...over });

t.test('a completed run is the assistant’s answer with its tool summaries', async (t) => {
  const reply = replyFor(run({ result: { toolCalls: [{ toolCallId: 'c', name: 'demo_read', arguments: {}, status: 'succeeded', startedAt: 1, finishedAt: 2, durationMs: 1 }] } }), reviewers);
  t.match(reply, { _id: 'run:r1:answer', role: 'assistant', text: 'Hello.', runStatus: 'completed', toolCalls: [{ name: 'demo_read', status: 'succeeded' }], error: null });
  t.equal(replyFor(run({ answer: '  ' }), reviewers).text, '(The assistant gave no answer.)');
});

t.test('an answer the app flags carries the flag and the notice; others do not', async (t) => {
  const claimed = replyFor(run({ answer: 'The lights are on.', notice: UNGROUNDED_NOTICE }), reviewers);
  t.match(claimed, { role: 'assistant', text: 'The lights are on.', ungrounded: true, notice: UNGROUNDED_NOTICE });
  t.match(replyFor(run({}), reviewers), { ungrounded: false, notice: null });
});

t.test('a paused run is a notice: what waits, with which arguments, and which roles decide', async (t) => {
  const reply = replyFor(run({
    status: 'interrupted', answer: null,
    result: { toolCalls: [], pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: { deviceId: 'lamp-1', on: false }, kind: 'approval' }] },
  }), reviewers);
  t.equal(reply._id, 'run:r1:review:call-1');
  t.equal(reply.role, 'notice');
  t.equal(reply.runStatus, 'interrupted');
  t.equal(reply.text, 'Waiting for approval: demo_switch(deviceId: "lamp-1", on: false). Someone with the role admin, lead or night decides; the answer will appear here.');
  t.same(reply.pendingReviews, [{ toolCallId: 'call-1', tool: 'demo_switch', kind: 'approval', arguments: 'deviceId: "lamp-1", on: false', question: null, reviewerRoles: ['admin', 'lead', 'night'] }]);

  const asked = replyFor(run({
    status: 'interrupted', answer: null,
    result: { toolCalls: [], pendingReviews: [{ toolCallId: 'q', name: 'other_tool', arguments: {}, kind: 'human_input', question: 'Which floor?' }] },
  }), (tool) => reviewerRoles({ operator: {} }, tool));
  t.equal(asked.text, 'The assistant asks: "Which floor?". No role may decide it, so it waits until the review expires and is then rejected.');
});

t.test('a failed run is a notice with the error', async (t) => {
  t.match(replyFor(run({ status: 'failed', answer: null, result: null, error: { code: 'harness_unavailable', message: 'The agent harness cannot be reached.' } }), reviewers), {
    _id: 'run:r1:answer', role: 'notice', runStatus: 'failed', text: 'The assistant could not answer (harness_unavailable): The agent harness cannot be reached.',
    error: { code: 'harness_unavailable' },
  });
  t.match(replyFor(run({ status: 'interrupted', answer: null, result: { toolCalls: [] } }), reviewers), { runStatus: 'failed', error: { code: 'run_failed' } }, 'a pause with nothing pending is no pause');
});

t.test('argument summaries stay short', async (t) => {
  const summary = summarizeArguments({ text: 'x'.repeat(500), n: 1 });
  t.ok([...summary].length <= 240);
  t.match(summary, /^text: "x+…, n: 1$/);
  t.equal(summarizeArguments(['a']), '["a"]');
});

t.test('titles and text', async (t) => {
  t.equal(normalizeTitle('  Boiler   plans \n'), 'Boiler plans');
  t.equal(normalizeTitle('   '), null);
  t.equal(normalizeTitle('x'.repeat(201)), null);
  t.equal(titleFromMessage('Remind me tomorrow\nplease'), 'Remind me tomorrow');
  t.equal(titleFromMessage(`${'word '.repeat(20)}end`), `${'word '.repeat(12).trim()}…`);
  t.equal(checkText(' \n\t', 10), 'empty');
  t.equal(checkText('🙂'.repeat(10), 10), null, 'characters, not UTF-16 units');
  t.equal(checkText('🙂'.repeat(11), 10), 'too_long');
});
