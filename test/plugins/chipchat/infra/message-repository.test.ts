// Message numbering across processes: in commit order, never reused after a deletion, idempotent by id; paging by time.
import t from 'tap';
import { content } from '../../../../plugins/chipchat/domain/message.ts';
import { createMessageRepository } from '../../../../plugins/chipchat/infra/message-repository.ts';
import { openStore } from '../helpers/chipchat-parts.ts';

const note = (id: string, conversationId = 'c1', ownerId = 'alice') => ({ ...content({ _id: id, role: 'notice', origin: 'agent', text: id }), ownerId, conversationId });
const at = new Date('2026-03-02T08:00:00Z');

t.test('numbers and times only go up, even on a frozen clock', async (t) => {
  const { store } = await openStore(t);
  const repo = createMessageRepository(store);
  const written = [];
  for (const id of ['m1', 'm2', 'm3']) written.push((await repo.append(note(id), at)).message);
  t.same(written.map((m) => m.seq), [1, 2, 3]);
  t.same(written.map((m) => m.createdAt.toISOString()), ['2026-03-02T08:00:00.000Z', '2026-03-02T08:00:00.001Z', '2026-03-02T08:00:00.002Z']);
  t.equal((await repo.append(note('b1', 'c9', 'bob'), at)).message.seq, 1, 'each owner counts alone');
  t.equal(await repo.latestSeq('alice'), 3);
});

t.test('the same id is stored once', async (t) => {
  const { store } = await openStore(t);
  const repo = createMessageRepository(store);
  const first = await repo.append(note('task:x@1'), at);
  const again = await repo.append({ ...note('task:x@1'), text: 'changed' }, at);
  t.equal(first.created, true);
  t.equal(again.created, false);
  t.equal(again.message.seq, first.message.seq);
  t.equal(again.message.text, 'task:x@1');
  t.equal(await store.collection('chipchat_messages').countDocuments({}), 1);
});

t.test('writers in two processes at once get distinct, gap-free numbers', async (t) => {
  const a = await openStore(t);
  const b = await openStore(t, a.dataDir);
  const repos = [createMessageRepository(a.store), createMessageRepository(b.store)];
  await Promise.all(Array.from({ length: 20 }, (_, i) => repos[i % 2]!.append(note(`m${i}`), at)));
  const seqs = (await createMessageRepository(a.store).after('alice', 0, 100)).map((m) => m.seq);
  t.same(seqs, Array.from({ length: 20 }, (_, i) => i + 1));
});

t.test('deleting the newest messages does not hand their numbers out again', async (t) => {
  const { store } = await openStore(t);
  const repo = createMessageRepository(store);
  await repo.append(note('keep', 'c1'), at);
  await repo.append(note('gone1', 'c2'), at);
  await repo.append(note('gone2', 'c2'), at);
  t.equal(await repo.removeConversation('alice', 'c2'), 2);
  t.equal((await repo.append(note('next', 'c1'), at)).message.seq, 4, 'a cursor at 3 still sees the next message');
  t.same((await repo.after('alice', 1, 10)).map((m) => m._id), ['next']);
});

t.test('pages by time: the latest, before an instant, after an instant; oldest first', async (t) => {
  const { store } = await openStore(t);
  const repo = createMessageRepository(store);
  const times = [];
  for (let i = 0; i < 5; i++) times.push((await repo.append(note(`m${i}`), new Date(at.getTime() + i * 1000))).message.createdAt);
  const ids = (ms: { _id: string }[]) => ms.map((m) => m._id);
  t.same(ids(await repo.page('alice', 'c1', { limit: 2 })), ['m3', 'm4']);
  t.same(ids(await repo.page('alice', 'c1', { limit: 2, before: times[3]! })), ['m1', 'm2']);
  t.same(ids(await repo.page('alice', 'c1', { limit: 2, after: times[1]! })), ['m2', 'm3']);
  t.same(ids(await repo.page('alice', 'c1', { limit: 10, after: times[0]!, before: times[3]! })), ['m1', 'm2']);
  t.same(ids(await repo.page('bob', 'c1', { limit: 10 })), [], 'only the owner’s');
});
