// Builds ChipChat's services straight from their ports on an embedded store, with a hand-driven waiter and a stand-in agent.
import pino from 'pino';
import type { AgentRunListener, AgentRunService, DocumentStore, TaskService } from 'nexus/kernel';
import { createStore } from '../../../../shared/store/index.ts';
import type { Profile } from '../../../../shared/contracts/profile.ts';
import { CHIPCHAT_COLLECTIONS } from '../../../../plugins/chipchat/infra/collections.ts';
import { createConversationRepository } from '../../../../plugins/chipchat/infra/conversation-repository.ts';
import { randomIds } from '../../../../plugins/chipchat/infra/ids.ts';
import { createMessageRepository } from '../../../../plugins/chipchat/infra/message-repository.ts';
import { createChipchatServices, type ChipchatServices } from '../../../../plugins/chipchat/svc/chipchat-services.ts';
import { systemClock, type Clock } from '../../../../kernel/index.ts';
import type { Waiter } from '../../../../plugins/chipchat/svc/ports.ts';
import { ensureCollections } from '../../../../kernel/testing/index.ts';
import { tempDirFor } from '../../../helpers/temp-dir.ts';

/** Creates the manifest's indexes with the host's own code, as the kernel does before init. */
export const createIndexes = (store: DocumentStore) => ensureCollections(store, CHIPCHAT_COLLECTIONS);

/** Opens (another connection to) the embedded store in `dataDir`, as another process would, with ChipChat's indexes. */
export async function openStore(t: { teardown(fn: () => unknown): void }, dataDir?: string): Promise<{ store: DocumentStore; dataDir: string }> {
  const dir = dataDir ?? (await tempDirFor(t, 'chipchat-'));
  const store = await createStore({ dataDir: dir });
  t.teardown(() => store.close());
  await createIndexes(store);
  return { store, dataDir: dir };
}

/** A waiter the test releases: each tick lets one pending (or the next) wait end, so a poll happens exactly when asked. */
export interface ManualWaiter extends Waiter {
  tick(): void;
  readonly waiting: number;
}

export function manualWaiter(): ManualWaiter {
  let permits = 0;
  const pending: (() => void)[] = [];
  return {
    wait(_ms, signal) {
      if (permits > 0) {
        permits--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
    tick() {
      const next = pending.shift();
      if (next) next();
      else permits++;
    },
    get waiting() {
      return pending.length;
    },
  };
}

/** An agent-run service for tests that run no agent; its listeners can be fired by hand. */
export interface FakeAgentRuns extends AgentRunService {
  readonly listeners: Set<AgentRunListener>;
}

export function fakeAgentRuns(over: Partial<AgentRunService> = {}): FakeAgentRuns {
  const listeners = new Set<AgentRunListener>();
  return {
    listeners,
    run: async () => {
      throw new Error('no agent in this test');
    },
    stream: () => {
      throw new Error('no agent in this test');
    },
    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ...over,
  };
}

export const testProfile: Profile = {
  version: 't',
  roles: { operator: { permissions: ['chipchat.use'], tools: ['chipchat_*'] }, lead: { permissions: [], tools: [], reviews: ['demo_*'] } },
};

export interface PartsOptions {
  readonly clock?: Clock;
  readonly waiter?: Waiter;
  readonly agentRuns?: AgentRunService;
  readonly tasks?: TaskService;
  readonly maxMessageChars?: number;
}

export function buildChipchat(store: DocumentStore, options: PartsOptions = {}): ChipchatServices {
  return createChipchatServices({
    conversations: createConversationRepository(store),
    messages: createMessageRepository(store),
    clock: options.clock ?? systemClock,
    waiter: options.waiter ?? manualWaiter(),
    ids: randomIds,
    agentRuns: options.agentRuns ?? fakeAgentRuns(),
    profile: { current: () => testProfile },
    tasks: options.tasks,
    logger: pino({ level: 'silent' }),
    maxMessageChars: options.maxMessageChars ?? 4000,
    notifyPollMs: 1000,
  });
}
