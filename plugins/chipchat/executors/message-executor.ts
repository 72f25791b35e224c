// The chipchat.message task kind: a reminder or scheduled notice, checked when scheduled and delivered once per occurrence.
import { Type } from 'typebox';
import { retryPolicy, type ScheduledTaskExecutor } from 'nexus/kernel';
import type { MessageService } from '../svc/message-service.ts';
import { MESSAGE_TASK_KIND } from '../svc/reminder-service.ts';

export const MessagePayload = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: 20_000, description: 'What the notice says.' }),
    conversationId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "One of the owner's conversations; their default one when omitted." })),
  },
  { additionalProperties: false },
);

export function createMessageExecutor(messages: Pick<MessageService, 'check' | 'deliver'>): ScheduledTaskExecutor<typeof MessagePayload> {
  return {
    kind: MESSAGE_TASK_KIND,
    description: "Posts a notice (a reminder) into one of the task owner's ChipChat conversations, or their default one.",
    payloadSchema: MessagePayload,
    validate: (payload, ctx) => messages.check(ctx.identity, payload),
    async execute(payload, ctx) {
      // The occurrence's key is stable across retries and workers, so a repeated attempt finds the notice already there.
      const delivered = await messages.deliver(ctx.identity, { ...payload, key: `task:${ctx.idempotencyKey}`, scheduledFor: ctx.scheduledFor });
      const where = `"${delivered.conversation.title}"${delivered.redirected ? ' (the named conversation is gone, so the default one)' : ''}`;
      return {
        summary: `${delivered.repeated ? 'already delivered' : 'delivered'} into ${where}`,
        data: { messageId: delivered.message.id, conversationId: delivered.conversation.id, redirected: delivered.redirected, repeated: delivered.repeated },
      };
    },
    retry: retryPolicy({ maxAttempts: 3 }),
  };
}
