// Plugins hear of every run this process settles (new, streamed, resumed after review) once it is audited; a failing listener changes nothing.
import t from 'tap';
import { Writable } from 'node:stream';
import type { AgentRunSettled } from '../../../kernel/contracts/agent-run-service.ts';
import { hashArguments } from '../../../kernel/agent/review-repository.ts';
import { createAuditRepository } from '../../../kernel/audit/audit-repository.ts';
import { result } from '../../../kernel/testing/harness-double.ts';
import { startAgentApi } from './agent-api-rig.ts';

const logs: string[] = [];
const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => void (logs.push(chunk.toString()), done()) });
const { harness, kernel, server } = await startAgentApi(t, { env: { NEXUS_LOG_LEVEL: 'error' }, logDestination: sink });
const audit = await createAuditRepository(kernel.store);
const alice = { userId: 'alice', role: 'operator', tokenId: (await kernel.tokens.create({ userId: 'alice', role: 'operator' })).summary.id, via: 'user' as const };
const { token: lead } = await kernel.tokens.create({ userId: 'lena', role: 'lead' });

const heard: (AgentRunSettled & { audited: boolean })[] = [];
const unsubscribe = kernel.agent.runner.onSettled(async (event) => {
  heard.push({ ...event, audited: (await audit.getRun(event.outcome.runId)) !== null });
});
kernel.agent.runner.onSettled(() => {
  throw new Error('a broken listener');
});

t.test('new, streamed and resumed runs are told, after their audit is written', async (t) => {
  harness.onRun = (req) => result(req, { answer: 'hi' });
  const ran = await kernel.agent.runner.run(alice, { message: 'hello', correlationId: 'c1' });
  t.match(heard.at(-1), { userId: 'alice', resumed: false, audited: true, outcome: { runId: ran.runId, sessionId: ran.sessionId, status: 'completed', answer: 'hi' } });
  t.equal(ran.answer, 'hi', 'a listener that throws does not change the run');
  t.match(logs.join(''), /an agent-run listener failed/);

  for await (const _event of kernel.agent.runner.stream(alice, { message: 'stream', correlationId: 'c2' })) void _event;
  t.match(heard.at(-1), { resumed: false, outcome: { status: 'completed' } });

  const args = { deviceId: 'lamp-1' };
  harness.onRun = (req) => result(req, { status: 'interrupted', answer: undefined, pendingReviews: [{ toolCallId: 'call-1', name: 'demo_switch', arguments: args, kind: 'approval' }] });
  const paused = await kernel.agent.runner.run(alice, { message: 'switch', correlationId: 'c3' });
  t.match(heard.at(-1), { resumed: false, outcome: { runId: paused.runId, status: 'interrupted' } });
  harness.onResume = (req) => result(req, { answer: 'Switched.' });
  const res = await server.app.inject({
    method: 'POST', url: `/api/agent/reviews/${paused.runId}/decisions`, headers: { authorization: `Bearer ${lead}` },
    payload: { decisions: [{ toolCallId: 'call-1', type: 'approve', argumentsHash: hashArguments(args) }] },
  });
  t.equal(res.statusCode, 200);
  t.match(heard.at(-1), { userId: 'alice', resumed: true, audited: true, outcome: { runId: paused.runId, sessionId: paused.sessionId, status: 'completed', answer: 'Switched.' } });
});

t.test('an unsubscribed listener hears nothing more', async (t) => {
  unsubscribe();
  const before = heard.length;
  harness.onRun = (req) => result(req);
  await kernel.agent.runner.run(alice, { message: 'again', correlationId: 'c4' });
  t.equal(heard.length, before);
});
