// The ChipChat manifest: conversations with the assistant, notices and reminders delivered into them, and a live notification stream.
import { coreServices, definePlugin, taskServiceRef } from 'nexus/kernel';
import { chipchatTools } from './api/mcp.ts';
import { registerRestRoutes } from './api/rest.ts';
import { loadChipchatConfig } from './config.ts';
import { createMessageExecutor } from './executors/message-executor.ts';
import { CHIPCHAT_COLLECTIONS } from './infra/collections.ts';
import { createConversationRepository } from './infra/conversation-repository.ts';
import { randomIds } from './infra/ids.ts';
import { createMessageRepository } from './infra/message-repository.ts';
import { systemWaiter } from './infra/system-waiter.ts';
import { createChipchatServices } from './svc/chipchat-services.ts';

export default definePlugin({
  name: 'chipchat',
  version: '1.0.0',
  description: 'Conversations with the assistant, and notices, agent messages and reminders delivered into them, pushed live to the app.',
  deps: {
    store: coreServices.store, logger: coreServices.logger, config: coreServices.config, clock: coreServices.clock,
    profile: coreServices.profile, agentRuns: coreServices.agentRuns,
  },
  optionalDeps: { tasks: taskServiceRef },
  collections: CHIPCHAT_COLLECTIONS,
  permissions: [
    { name: 'chipchat.use', description: 'Hold your own conversations with the assistant: create, read, write, rename, archive, delete; receive notifications.' },
  ],
  skill: 'SKILL.md',
  init: ({ deps: { store, logger, config, clock, profile, agentRuns }, optionalDeps }) => {
    const settings = loadChipchatConfig(config.env);
    return createChipchatServices({
      conversations: createConversationRepository(store),
      messages: createMessageRepository(store),
      clock,
      waiter: systemWaiter,
      ids: randomIds,
      agentRuns,
      profile,
      tasks: optionalDeps.tasks,
      logger,
      maxMessageChars: settings.maxMessageChars,
      notifyPollMs: settings.notifyPollMs,
    });
  },
  routes: (router, chipchat) => registerRestRoutes(router, chipchat),
  mcpTools: (chipchat) => chipchatTools(chipchat),
  executors: (chipchat) => [createMessageExecutor(chipchat.messages)],
  close: (chipchat) => chipchat.close(),
});
