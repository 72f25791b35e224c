// Follows one user's new messages by their sequence number, polling the store, so messages any process wrote are seen.
import type { MessageRecord } from '../domain/message.ts';
import type { MessageRepository, Waiter } from './ports.ts';

/** Messages read per look; a full batch is followed by another look at once. */
const BATCH = 100;

export interface MessageTail {
  /** Where a new follower starts: after the given sequence number, or after the newest message when none is given. */
  start(ownerId: string, after?: number): Promise<number>;
  /** Every look at the store, with what it found (often nothing), until `signal` aborts. */
  follow(ownerId: string, cursor: number, signal: AbortSignal): AsyncGenerator<MessageRecord[]>;
}

export function createMessageTail(deps: { messages: MessageRepository; waiter: Waiter; pollMs: number }): MessageTail {
  return {
    start: async (ownerId, after) => after ?? (await deps.messages.latestSeq(ownerId)),
    async *follow(ownerId, cursor, signal) {
      while (!signal.aborted) {
        const batch = await deps.messages.after(ownerId, cursor, BATCH);
        if (signal.aborted) return;
        if (batch.length > 0) cursor = batch.at(-1)!.seq;
        yield batch;
        if (batch.length < BATCH) await deps.waiter.wait(deps.pollMs, signal);
      }
    },
  };
}
