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
  close(): Promise<void>;
}

function state(runId: string, threadId: string, startedAt: number): RunState {
  return initialRunState({ runId, threadId, identity, messages: [{ role: 'user', content: `hello ${runId}` }] }, startedAt);
}

function next(previous: RunState, changes: Partial<RunState> = {}): RunState {
  return { ...previous, ...changes, step: previous.step + 1, updatedAt: previous.updatedAt + 1 };
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
}
