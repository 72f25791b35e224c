// ChipChat's Operations-MCP tools: deliver a notice now or later, and read back conversations and messages; always the caller's own.
import { Type } from 'typebox';
import { TaskSchedule, TaskView, createdViaMcp, defineTool, toolAnnotations } from 'nexus/kernel';
import type { ChipchatServices } from '../svc/chipchat-services.ts';
import { ConversationPage, MessagePage } from '../svc/views.ts';
import { ConversationId, ConversationListQuery, ConversationView, MessageListQuery, MessageView } from './schemas.ts';

const ToolText = Type.String({ minLength: 1, maxLength: 20_000, description: 'The message, plain text.' });
const Target = Type.Optional({ ...ConversationId, description: "One of the user's conversations (from chipchat_list_conversations); their default conversation when omitted." });

export function chipchatTools(chipchat: ChipchatServices) {
  return [
    defineTool({
      name: 'chipchat_post_message',
      title: 'Post a message',
      description:
        "Posts a notice into one of the user's own ChipChat conversations, or into their default conversation when none is " +
        'named. The user sees it at once in the app. Use it to leave the user a note, not to answer in the current chat.',
      inputSchema: Type.Object({ text: ToolText, conversationId: Target }, { additionalProperties: false }),
      outputSchema: Type.Object({ conversation: ConversationView, message: MessageView }),
      annotations: { ...toolAnnotations.create, title: 'Post a message' },
      handler: async (args, ctx) => chipchat.messages.post(ctx.identity, args),
    }),
    defineTool({
      name: 'chipchat_list_messages',
      title: 'List messages',
      description:
        "Lists messages of one of the user's conversations (their default one when none is named), oldest first: the latest " +
        'ones, or those before or after an instant. Each shows who wrote it (user, assistant or notice) and when.',
      inputSchema: Type.Object({ conversationId: Target, ...MessageListQuery.properties }, { additionalProperties: false }),
      outputSchema: Type.Object({ conversation: Type.Union([ConversationView, Type.Null()], { description: 'Null while the user has no default conversation yet.' }), ...MessagePage.properties }),
      annotations: { ...toolAnnotations.readStored, title: 'List messages' },
      handler: async ({ conversationId, ...page }, ctx) => chipchat.messages.list(ctx.identity, conversationId, page),
    }),
    defineTool({
      name: 'chipchat_list_conversations',
      title: 'List conversations',
      description: "Lists the user's conversations, most recently updated first, with their ids and titles; archived ones only when asked.",
      inputSchema: ConversationListQuery,
      outputSchema: ConversationPage,
      annotations: { ...toolAnnotations.readStored, title: 'List conversations' },
      handler: async (args, ctx) => chipchat.conversations.list(ctx.identity, args),
    }),
    defineTool({
      name: 'chipchat_schedule_message',
      title: 'Schedule a message',
      description:
        'Schedules a notice (a reminder) for the user: once ("once" at an ISO time) or repeatedly (five-field cron with an ' +
        "optional IANA time zone, e.g. 0 8 * * 1-5 in Europe/Berlin for 08:00 every weekday). At each time it lands in the named " +
        'conversation or the default one. Write the text as the reminder itself ("Check the boiler.").',
      inputSchema: Type.Object(
        { text: ToolText, schedule: TaskSchedule, conversationId: Target, title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'How the task is listed; taken from the text when omitted.' })) },
        { additionalProperties: false },
      ),
      outputSchema: Type.Object({ task: TaskView }),
      annotations: { ...toolAnnotations.create, title: 'Schedule a message' },
      handler: async (args, ctx) => ({ task: await chipchat.reminders.schedule(ctx.identity, args, createdViaMcp(ctx.identity)) }),
    }),
  ];
}
