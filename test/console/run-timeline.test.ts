// The audit timeline's order: model steps and tool calls by time, each call after the step that asked for it, even on ties.
import t from 'tap';
import type { AuditModelStep, AuditToolCall } from '../../console/src/api/types.ts';
import { runTimeline } from '../../console/src/screens/audit/run-timeline.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
const step = (index: number, ms: number, calls: string[] = [], kind: AuditModelStep['kind'] = 'agent'): AuditModelStep => ({
  index, kind, startedAt: at(ms), durationMs: 0, usage: { inputTokens: 1, outputTokens: 1 }, text: '', textTruncated: false,
  toolCalls: calls.map((toolCallId) => ({ toolCallId, tool: 'demo' })),
});
const call = (toolCallId: string, ms: number | null): AuditToolCall => ({
  id: `run/${toolCallId}`, runId: 'run', toolCallId, tool: 'demo', server: null, arguments: {}, result: null, isError: false,
  refusal: null, reviewedBy: null, startedAt: ms === null ? null : at(ms), durationMs: 1,
});
const names = (entries: ReturnType<typeof runTimeline>) => entries.map((e) => (e.type === 'step' ? `step${e.step.index}` : e.call.toolCallId));

t.test('steps and calls interleave by time', async (t) => {
  const steps = [step(0, 0, [], 'routing'), step(1, 100, ['a', 'b']), step(2, 300, ['c']), step(3, 500)];
  const calls = [call('c', 350), call('a', 150), call('b', 160)];
  t.same(names(runTimeline(steps, calls)), ['step0', 'step1', 'a', 'b', 'step2', 'c', 'step3']);
});

t.test('on a shared millisecond a call follows the step that asked for it and precedes the next step', async (t) => {
  const steps = [step(0, 10, ['a']), step(1, 10)];
  t.same(names(runTimeline([...steps].reverse(), [call('a', 10)])), ['step0', 'a', 'step1']);
});

t.test('without steps the calls keep their time order; a call without a start takes its step\'s', async (t) => {
  t.same(names(runTimeline([], [call('y', 20), call('x', 10)])), ['x', 'y']);
  t.same(names(runTimeline([step(0, 5, ['n']), step(1, 50)], [call('n', null)])), ['step0', 'n', 'step1']);
});
