// ChipChat over REST: an answer that rests on no tool result, where tools were offered, carries the flag and the notice text.
import t from 'tap';
import { UNGROUNDED_NOTICE } from '../../../../shared/contracts/run-result.ts';
import { result } from '../../../../kernel/testing/harness-double.ts';
import { startChipchatRig } from '../helpers/chipchat-rig.ts';

const rig = await startChipchatRig(t);
const alice = await rig.token('alice', 'operator');
const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => (await rig.request(alice, method, url, payload)).json();

t.test('the claim is flagged in the reply and in the stored message; small talk and grounded answers are not', async (t) => {
  const conversation = await call('POST', '/api/chipchat/conversations', {});
  const say = (text: string) => call('POST', `/api/chipchat/conversations/${conversation.id}/messages`, { text });

  rig.harness.onRun = (req) => result(req, { route: 'dige', answer: 'The meeting room lights have been turned on.', grounding: 'none', toolsOffered: true });
  const claimed = await say('turn on the meeting room lights');
  t.match(claimed.reply, { role: 'assistant', text: 'The meeting room lights have been turned on.', ungrounded: true, notice: UNGROUNDED_NOTICE });

  rig.harness.onRun = (req) => result(req, {
    route: 'dige', answer: 'They are on now.', grounding: 'tools', groundedOn: [{ toolCallId: 'c1', name: 'dige_control_device' }], toolsOffered: true,
    toolCalls: [{ toolCallId: 'c1', name: 'dige_control_device', arguments: {}, status: 'succeeded', startedAt: 1, finishedAt: 2, durationMs: 1 }],
  });
  t.match((await say('turn them on, really')).reply, { ungrounded: false, notice: null });

  rig.harness.onRun = (req) => result(req, { route: 'small_talk', answer: 'Hello!', grounding: 'none', toolsOffered: false });
  t.match((await say('hi')).reply, { ungrounded: false, notice: null });

  const page = await call('GET', `/api/chipchat/conversations/${conversation.id}/messages`);
  t.same(
    page.items.filter((m: { role: string }) => m.role === 'assistant').map((m: { ungrounded: boolean; notice: string | null }) => [m.ungrounded, m.notice]),
    [[true, UNGROUNDED_NOTICE], [false, null], [false, null]],
    'the flag is stored with the message',
  );
});
