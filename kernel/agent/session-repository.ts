// Agent sessions: which user a session belongs to and the turns so far, so the same session continues the same conversation.
import type { DocumentStore } from '../../shared/store/port.ts';

export const SESSIONS_COLLECTION = 'agent_sessions';
/** Turns sent back to the model with each new message; older ones are kept out of the prompt. */
const HISTORY_TURNS = 40;

export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly runId: string;
}

interface SessionDoc {
  _id: string;
  userId: string;
  turns: Turn[];
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionRepository {
  /** The session's recent turns; null when the session belongs to someone else. */
  history(sessionId: string, userId: string): Promise<Turn[] | null>;
  append(sessionId: string, userId: string, turns: readonly Turn[], at: Date): Promise<void>;
}

export async function createSessionRepository(store: DocumentStore): Promise<SessionRepository> {
  const sessions = store.collection<SessionDoc>(SESSIONS_COLLECTION);
  await sessions.createIndex({ userId: 1, updatedAt: -1 });
  return {
    async history(sessionId, userId) {
      const doc = await sessions.findOne({ _id: sessionId });
      if (!doc) return [];
      return doc.userId === userId ? doc.turns.slice(-HISTORY_TURNS) : null;
    },
    async append(sessionId, userId, turns, at) {
      await sessions.updateOne(
        { _id: sessionId, userId },
        { $push: { turns: { $each: [...turns], $slice: -HISTORY_TURNS * 2 } }, $set: { updatedAt: at }, $setOnInsert: { createdAt: at } },
        { upsert: true },
      );
    },
  };
}
