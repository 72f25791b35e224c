// The notification tail follows a user's messages written by any process, one poll per tick, from where it started.
import t from 'tap';
import { content } from '../../../../plugins/chipchat/domain/message.ts';
import { createMessageRepository } from '../../../../plugins/chipchat/infra/message-repository.ts';
import { createMessageTail } from '../../../../plugins/chipchat/svc/message-tail.ts';
import { manualWaiter, openStore } from '../helpers/chipchat-parts.ts';

const note = (id: string, ownerId = 'alice') => ({ ...content({ _id: id, role: 'notice', origin: 'schedule', text: id }), ownerId, conversationId: 'c1' });

t.test('messages another process writes arrive at the next poll, in order, only the owner’s', async (t) => {
  const api = await openStore(t);
  const worker = await openStore(t, api.dataDir);
  const workerRepo = createMessageRepository(worker.store);
  await workerRepo.append(note('before'), new Date());
  const waiter = manualWaiter();
  const tail = createMessageTail({ messages: createMessageRepository(api.store), waiter, pollMs: 1000 });
  const stop = new AbortController();
  const follow = tail.follow('alice', await tail.start('alice'), stop.signal);

  t.same((await follow.next()).value, [], 'starts after what exists');
  await workerRepo.append(note('r1'), new Date());
  await workerRepo.append(note('b1', 'bob'), new Date());
  await workerRepo.append(note('r2'), new Date());
  const next = follow.next();
  t.equal(waiter.waiting, 1, 'waiting for the next poll');
  waiter.tick();
  t.same(((await next).value as { _id: string }[]).map((m) => m._id), ['r1', 'r2']);

  const idle = follow.next();
  waiter.tick();
  t.same((await idle).value, [], 'nothing new');
  const ending = follow.next();
  stop.abort();
  t.equal((await ending).done, true, 'aborting ends the follow');
});

t.test('a client that resumes after a number gets what it missed', async (t) => {
  const { store } = await openStore(t);
  const repo = createMessageRepository(store);
  for (const id of ['m1', 'm2', 'm3']) await repo.append(note(id), new Date());
  const tail = createMessageTail({ messages: repo, waiter: manualWaiter(), pollMs: 1000 });
  const follow = tail.follow('alice', await tail.start('alice', 1), new AbortController().signal);
  t.same(((await follow.next()).value as { seq: number }[]).map((m) => m.seq), [2, 3]);
  await follow.return(undefined);
});
