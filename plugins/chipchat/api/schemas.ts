// Transport shapes of ChipChat's REST routes and MCP tools: paths, queries, bodies and answers.
import { Type } from 'typebox';
import { PageLimit } from 'nexus/kernel';
import { ConversationView, MessageView } from '../svc/views.ts';

const Instant = Type.String({ format: 'date-time' });

export const ConversationId = Type.String({ minLength: 1, maxLength: 64, description: 'A conversation id, as the conversation list shows it.' });
export const ConversationParams = Type.Object({ id: ConversationId });

/** Lengths are checked by the services against the configured limit, so the refusal carries ChipChat's own code. */
export const MessageText = Type.String({ description: 'The message text (plain text).' });

export const CreateConversationBody = Type.Object({ title: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false });

export const UpdateConversationBody = Type.Object(
  { title: Type.Optional(Type.String({ maxLength: 1000 })), archived: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ConversationListQuery = Type.Object(
  {
    archived: Type.Optional(Type.Boolean({ description: 'true: only archived conversations; otherwise only the others.' })),
    before: Type.Optional({ ...Instant, description: 'Only conversations updated before this instant (the last updatedAt of the previous page).' }),
    limit: Type.Optional(PageLimit),
  },
  { additionalProperties: false },
);

export const MessageListQuery = Type.Object(
  {
    before: Type.Optional({ ...Instant, description: 'The latest messages written before this instant (the first createdAt of the page you have).' }),
    after: Type.Optional({ ...Instant, description: 'The earliest messages written after this instant (the last createdAt you have).' }),
    limit: Type.Optional(PageLimit),
  },
  { additionalProperties: false },
);

export const PostMessageBody = Type.Object({ text: MessageText }, { additionalProperties: false });

export const PostMessageResult = Type.Object({
  message: MessageView,
  reply: Type.Object(MessageView.properties, { description: "The assistant's answer, or a notice: what waits for review and for whom, or why the run failed." }),
});

export const NotificationQuery = Type.Object(
  { after: Type.Optional(Type.Integer({ minimum: 0, description: 'Resume after this message number (or send Last-Event-ID); by default only new messages.' })) },
  { additionalProperties: false },
);

export { ConversationView, MessageView };
