// Conversations of one user: create, list by time, read, rename, archive, delete (with their messages), and the default one.
import { DEFAULT_PAGE_LIMIT, type Identity } from 'nexus/kernel';
import { DEFAULT_TITLE, NEW_TITLE, defaultSlot, normalizeTitle, type ConversationRecord } from '../domain/conversation.ts';
import { errors } from '../errors.ts';
import type { Clock } from 'nexus/kernel';
import type { ConversationRepository, IdSource, MessageRepository } from './ports.ts';
import { toConversationView, type ConversationView } from './views.ts';

export interface ConversationListInput {
  readonly archived?: boolean;
  readonly before?: string;
  readonly limit?: number;
}

export interface ConversationService {
  create(identity: Identity, input: { title?: string }): Promise<ConversationView>;
  list(identity: Identity, input: ConversationListInput): Promise<{ items: ConversationView[]; hasMore: boolean }>;
  get(identity: Identity, id: string): Promise<ConversationView>;
  update(identity: Identity, id: string, input: { title?: string; archived?: boolean }): Promise<ConversationView>;
  remove(identity: Identity, id: string): Promise<void>;
  /** The caller's own conversation; someone else's is "not found", so ids reveal nothing. */
  owned(ownerId: string, id: string): Promise<ConversationRecord>;
  /** The named conversation, or the owner's default one (created when first needed). */
  target(ownerId: string, id: string | undefined): Promise<ConversationRecord>;
  /** The named conversation, or the owner's default one if it exists yet; for reads, which create nothing. */
  find(ownerId: string, id: string | undefined): Promise<ConversationRecord | null>;
}

export interface ConversationServiceDeps {
  readonly conversations: ConversationRepository;
  readonly messages: MessageRepository;
  readonly clock: Clock;
  readonly ids: IdSource;
}

function checkedTitle(raw: string): string {
  const title = normalizeTitle(raw);
  if (title === null) throw errors.chipchat_title_invalid();
  return title;
}

export function createConversationService(deps: ConversationServiceDeps): ConversationService {
  const { conversations, clock, ids } = deps;

  const fresh = (ownerId: string, fields: { title: string; autoTitle: boolean; isDefault: boolean }): ConversationRecord => {
    const id = ids.conversationId();
    const now = clock.now();
    return {
      _id: id, ownerId, ...fields, archived: false, slot: fields.isDefault ? defaultSlot(ownerId) : id, sessionId: ids.sessionId(),
      createdAt: now, updatedAt: now, lastMessageAt: null,
    };
  };

  async function owned(ownerId: string, id: string): Promise<ConversationRecord> {
    const found = await conversations.owned(ownerId, id);
    if (found === null) throw errors.chipchat_conversation_not_found({ conversationId: id });
    return found;
  }

  return {
    owned,
    find: (ownerId, id) => (id === undefined ? conversations.defaultOf(ownerId) : owned(ownerId, id)),
    async target(ownerId, id) {
      if (id !== undefined) return owned(ownerId, id);
      return (await conversations.defaultOf(ownerId)) ?? conversations.insert(fresh(ownerId, { title: DEFAULT_TITLE, autoTitle: false, isDefault: true }));
    },
    async create(identity, input) {
      const title = input.title === undefined ? undefined : checkedTitle(input.title);
      const doc = fresh(identity.userId, { title: title ?? NEW_TITLE, autoTitle: title === undefined, isDefault: false });
      return toConversationView(await conversations.insert(doc));
    },
    async list(identity, input) {
      const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
      const found = await conversations.list(identity.userId, {
        archived: input.archived ?? false, limit: limit + 1, ...(input.before ? { before: new Date(input.before) } : {}),
      });
      return { items: found.slice(0, limit).map(toConversationView), hasMore: found.length > limit };
    },
    get: async (identity, id) => toConversationView(await owned(identity.userId, id)),
    async update(identity, id, input) {
      if (input.title === undefined && input.archived === undefined) throw errors.chipchat_update_empty();
      await owned(identity.userId, id);
      const set = {
        updatedAt: clock.now(),
        ...(input.title !== undefined ? { title: checkedTitle(input.title), autoTitle: false } : {}),
        ...(input.archived !== undefined ? { archived: input.archived } : {}),
      };
      const updated = await conversations.update(identity.userId, id, set);
      if (updated === null) throw errors.chipchat_conversation_not_found({ conversationId: id });
      return toConversationView(updated);
    },
    async remove(identity, id) {
      await owned(identity.userId, id);
      // The conversation first, so nothing new is posted into it while its messages go.
      if (!(await conversations.remove(identity.userId, id))) throw errors.chipchat_conversation_not_found({ conversationId: id });
      await deps.messages.removeConversation(identity.userId, id);
    },
  };
}
