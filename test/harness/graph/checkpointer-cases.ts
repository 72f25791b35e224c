// The one checkpointer case suite every Checkpointer implementation must pass.
import type { Test } from 'tap';
import { CheckpointConflictError, type Checkpointer } from '../../../harness/graph/checkpointer.ts';
import { initialRunState, type RunState } from '../../../harness/graph/run-state.ts';
import { identity } from '../fixtures.ts';

export interface CheckpointerFixture {
  checkpointer: Checkpointer & { purgeExpired(): Promise<number> };
  /** Moves the checkpointer's clock forward. */
  advance(ms: number): void;
  ttlMs: number;
  /** Another copy over the same storage, as a second harness process (or one restarted) would have. */
  another(): Checkpointer;
  close(): Promise<void>;
}

function state(runId: string, threadId: string, startedAt: number): RunState {
  return initialRunState({ runId, threadId, identity, messages: [{ role: 'user', content: `hello ${runId}` }] }, startedAt);
}

function next(previous: RunState, changes: Partial<RunState> = {}): RunState {
  return { ...previous, ...changes, step: previous.step + 1, updatedAt: previous.updatedAt + 1 };
}

/** One model round trip: the AIMessage with a call, its ToolMessage, its record and the model step. */
function roundTrip(previous: RunState, n: number): RunState {
  const id = `c${n}`;
  return next(previous, {
    node: 'model',
    messages: [
      ...previous.messages,
      { role: 'assistant', content: '', tool_calls: [{ id, name: 'noop', arguments: { n } }] },
      { role: 'tool', tool_call_id: id, name: 'noop', content: `ok ${n}`, isError: false },
    ],
    toolCalls: [...previous.toolCalls, { toolCallId: id, name: 'noop', arguments: { n }, status: 'succeeded', startedAt: n, finishedAt: n, durationMs: 0 }],
    modelSteps: [
      ...previous.modelSteps,
      {
        index: previous.modelSteps.length,
        kind: 'agent',
        startedAt: n,
        finishedAt: n,
        durationMs: 0,
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        text: '',
        toolCalls: [{ id, name: 'noop' }],
      },
    ],
    modelCalls: previous.modelCalls + 1,
  });
}

export function checkpointerCases(t: Test, name: string, create: () => Promise<CheckpointerFixture>): void {
  t.test(`${name}: save then load returns an equal, independent copy`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    const loaded = await f.checkpointer.load('r1');
    t.same(loaded, first);
    loaded!.messages.push({ role: 'user', content: 'mutated' });
    t.equal((await f.checkpointer.load('r1'))!.messages.length, 1);
    t.equal(await f.checkpointer.load('missing'), undefined);
  });

  t.test(`${name}: each step is written once (conflicts on a stale parent or an existing run)`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    await t.rejects(f.checkpointer.save(first, { parentStep: null }), CheckpointConflictError);
    const second = next(first, { node: 'model' });
    await f.checkpointer.save(second, { parentStep: 0 });
    await t.rejects(f.checkpointer.save(next(first, { node: 'fail' }), { parentStep: 0 }), CheckpointConflictError, 'a second writer from step 0 loses');
    t.equal((await f.checkpointer.load('r1'))!.node, 'model');
  });

  t.test(`${name}: list by thread in start order, deleteThread removes only that thread`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    await f.checkpointer.save(state('b', 't1', 20), { parentStep: null });
    await f.checkpointer.save(state('a', 't1', 10), { parentStep: null });
    await f.checkpointer.save(state('c', 't2', 5), { parentStep: null });
    const listed = await f.checkpointer.list('t1');
    t.same(listed.map((s) => s.runId), ['a', 'b']);
    t.match(listed[0], { threadId: 't1', step: 0, status: 'running', node: 'initialize', startedAt: 10 });
    await f.checkpointer.deleteThread('t1');
    t.same(await f.checkpointer.list('t1'), []);
    t.equal(await f.checkpointer.load('a'), undefined);
    t.ok(await f.checkpointer.load('c'));
  });

  t.test(`${name}: expired checkpoints are not returned, cannot be extended, and are purged`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    f.advance(f.ttlMs + 1);
    t.equal(await f.checkpointer.load('r1'), undefined);
    t.same(await f.checkpointer.list('t1'), []);
    await t.rejects(f.checkpointer.save(next(first), { parentStep: 0 }), CheckpointConflictError);
    t.ok((await f.checkpointer.purgeExpired()) >= 1);
    await f.checkpointer.save(state('r1', 't1', 2), { parentStep: null });
    t.ok(await f.checkpointer.load('r1'), 'the run id is free again after expiry');
  });

  t.test(`${name}: saving refreshes the TTL`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    f.advance(f.ttlMs - 10);
    await f.checkpointer.save(next(first), { parentStep: 0 });
    f.advance(20);
    t.ok(await f.checkpointer.load('r1'));
  });

  t.test(`${name}: large tool outputs survive the round trip`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const big = 'y'.repeat(100_000);
    const first = state('r1', 't1', 1);
    const withOutput: RunState = next(first, {
      messages: [
        ...first.messages,
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'big', arguments: {} }] },
        { role: 'tool', tool_call_id: 'c1', name: 'big', content: big, isError: false },
      ],
      toolCalls: [
        {
          toolCallId: 'c1',
          name: 'big',
          arguments: {},
          status: 'succeeded',
          result: { content: [{ type: 'text', text: big }], structuredContent: { size: big.length }, isError: false },
          startedAt: 1,
          finishedAt: 2,
          durationMs: 1,
        },
      ],
    });
    await f.checkpointer.save(first, { parentStep: null });
    await f.checkpointer.save(withOutput, { parentStep: 0 });
    const again = next(withOutput, { node: 'model' });
    await f.checkpointer.save(again, { parentStep: 1 });
    t.same(await f.checkpointer.load('r1'), again);
  });

  t.test(`${name}: many steps, each appending, load back exactly; a rewritten history (summarisation) too`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    let current = state('r1', 't1', 1);
    await f.checkpointer.save(current, { parentStep: null });
    for (let n = 1; n <= 30; n += 1) {
      const stepped = roundTrip(current, n);
      await f.checkpointer.save(stepped, { parentStep: current.step });
      current = stepped;
      // A step that changes only the head (status, node, batch) appends nothing.
      const headOnly = next(current, { node: 'validate_model_output', visibleTools: ['noop'] });
      await f.checkpointer.save(headOnly, { parentStep: current.step });
      current = headOnly;
    }
    t.same(await f.checkpointer.load('r1'), current);
    const summarised = next(current, {
      messages: [current.messages[0]!, { role: 'system', content: 'Summary of earlier turns: noop ran 28 times.' }, ...current.messages.slice(-4)],
    });
    await f.checkpointer.save(summarised, { parentStep: current.step });
    t.same(await f.checkpointer.load('r1'), summarised);
    const after = roundTrip(summarised, 31);
    await f.checkpointer.save(after, { parentStep: summarised.step });
    t.same(await f.checkpointer.load('r1'), after);
    t.equal((await f.checkpointer.load('r1'))!.messages.length, 8);
  });

  t.test(`${name}: a caller changing its lists after a save changes nothing that was saved`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    const second = roundTrip(first, 1);
    await f.checkpointer.save(second, { parentStep: 0 });
    const expected = structuredClone(second);
    second.messages.push({ role: 'user', content: 'pushed after the save' });
    t.same(await f.checkpointer.load('r1'), expected);
    // The same array saved again with the pushed message: the checkpoint now holds it.
    const third = next(second);
    await f.checkpointer.save(third, { parentStep: 1 });
    t.equal((await f.checkpointer.load('r1'))!.messages.at(-1)?.content, 'pushed after the save');
  });

  t.test(`${name}: another copy resumes a run, appends to it, and the first copy sees its steps`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    let current = state('r1', 't1', 1);
    await f.checkpointer.save(current, { parentStep: null });
    for (let n = 1; n <= 3; n += 1) {
      const stepped = roundTrip(current, n);
      await f.checkpointer.save(stepped, { parentStep: current.step });
      current = stepped;
    }
    const other = f.another();
    const loaded = (await other.load('r1'))!;
    t.same(loaded, current);
    const continued = roundTrip(loaded, 4);
    await other.save(continued, { parentStep: loaded.step });
    // The first copy's view of the run is stale now: its next write from the old step loses, and nothing breaks.
    await t.rejects(f.checkpointer.save(roundTrip(current, 9), { parentStep: current.step }), CheckpointConflictError);
    t.same(await f.checkpointer.load('r1'), continued);
    const back = roundTrip((await f.checkpointer.load('r1'))!, 5);
    await f.checkpointer.save(back, { parentStep: continued.step });
    t.same(await other.load('r1'), back);
  });

  t.test(`${name}: concurrent writers from the same step: exactly one wins and its history is what loads`, async (t) => {
    const f = await create();
    t.teardown(() => f.close());
    const first = state('r1', 't1', 1);
    await f.checkpointer.save(first, { parentStep: null });
    const a = roundTrip(first, 1);
    const b = roundTrip(first, 2);
    const other = f.another();
    const outcomes = await Promise.allSettled([f.checkpointer.save(a, { parentStep: 0 }), other.save(b, { parentStep: 0 })]);
    t.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    t.ok(lost.reason instanceof CheckpointConflictError);
    const winner = outcomes[0]!.status === 'fulfilled' ? a : b;
    t.same(await f.checkpointer.load('r1'), winner);
    t.same(await other.load('r1'), winner);
  });
}
