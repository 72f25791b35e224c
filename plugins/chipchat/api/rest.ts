// ChipChat's REST routes under /api/chipchat: conversations, messages (JSON or streamed), and the notification stream.
import { Type } from 'typebox';
import { isAppError, openEventStream, wantsEventStream, writeComment, writeEvent, type PluginRouter } from 'nexus/kernel';
import type { ChipchatServices } from '../svc/chipchat-services.ts';
import { ConversationPage, MessagePage, toMessageView } from '../svc/views.ts';
import {
  ConversationListQuery, ConversationParams, ConversationView, CreateConversationBody, MessageListQuery, NotificationQuery, PostMessageBody,
  PostMessageResult, UpdateConversationBody,
} from './schemas.ts';

const USE = { permission: 'chipchat.use' } as const;
const tags = ['chipchat'];
/** An idle notification stream sends a comment this often, so proxies and browsers keep it open. */
const KEEPALIVE_MS = 15_000;

export function registerRestRoutes(router: PluginRouter, chipchat: ChipchatServices): void {
  const { conversations, chat, messages, tail } = chipchat;
  // Open notification streams end when the plugin's instance closes (unload, reload, server shutdown).
  const streams = new Set<AbortController>();
  router.addHook('onClose', async () => {
    for (const stream of streams) stream.abort();
  });

  router.post('/conversations', {
    config: USE,
    schema: { tags, summary: 'Start a conversation (titled after its first message unless you give a title)', body: CreateConversationBody, response: { 201: ConversationView } },
    handler: async (request, reply) => reply.status(201).send(await conversations.create(request.identity, request.body)),
  });

  router.get('/conversations', {
    config: USE,
    schema: { tags, summary: 'Your conversations, most recently updated first, paged by time', querystring: ConversationListQuery, response: { 200: ConversationPage } },
    handler: async (request) => conversations.list(request.identity, request.query),
  });

  router.get('/conversations/:id', {
    config: USE,
    schema: { tags, summary: 'One of your conversations', params: ConversationParams, response: { 200: ConversationView } },
    handler: async (request) => conversations.get(request.identity, request.params.id),
  });

  router.patch('/conversations/:id', {
    config: USE,
    schema: { tags, summary: 'Rename, archive or unarchive a conversation', params: ConversationParams, body: UpdateConversationBody, response: { 200: ConversationView } },
    handler: async (request) => conversations.update(request.identity, request.params.id, request.body),
  });

  router.delete('/conversations/:id', {
    config: USE,
    schema: { tags, summary: 'Delete a conversation and all its messages', params: ConversationParams, response: { 204: Type.Null() } },
    handler: async (request, reply) => {
      await conversations.remove(request.identity, request.params.id);
      return reply.status(204).send(null);
    },
  });

  router.get('/conversations/:id/messages', {
    config: USE,
    schema: { tags, summary: 'Messages of a conversation, oldest first, paged by time', params: ConversationParams, querystring: MessageListQuery, response: { 200: MessagePage } },
    handler: async (request) => {
      const { items, hasMore } = await messages.list(request.identity, request.params.id, request.query);
      return { items, hasMore };
    },
  });

  router.post('/conversations/:id/messages', {
    config: USE,
    schema: {
      tags,
      summary: 'Send a message; the agent answers in the same conversation. With Accept: text/event-stream the answer streams ' +
        '(events user_message, run, delta, tool, then message with the stored reply).',
      params: ConversationParams,
      body: PostMessageBody,
      response: { 201: PostMessageResult },
    },
    handler: async (request, reply) => {
      const { identity, correlationId } = request;
      if (!wantsEventStream(request)) return reply.status(201).send(await chat.send(identity, request.params.id, request.body.text, correlationId));
      // Refusals (unknown conversation, bad text, busy) are thrown here, before the stream opens, as ordinary JSON errors.
      const turn = await chat.open(identity, request.params.id, request.body.text, correlationId);
      const res = openEventStream(request, reply);
      writeEvent(res, 'user_message', turn.message);
      try {
        // Consumed to the end even when the client leaves, so the answer is stored either way.
        for await (const event of turn.events) writeEvent(res, event.type, event.type === 'message' ? event.message : event);
      } catch (err) {
        request.log.error({ err }, 'a streamed chat turn failed');
        const error = isAppError(err) ? { code: err.code, message: err.message } : { code: 'internal_error', message: 'Something went wrong on our side.' };
        writeEvent(res, 'error', { error });
      }
      res.end();
    },
  });

  router.get('/notifications/stream', {
    config: USE,
    schema: {
      tags,
      summary: 'Server-sent events: each new message of yours (answers, notices, reminders) as event "message" with its number as id',
      querystring: NotificationQuery,
    },
    handler: async (request, reply) => {
      const lastEventId = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
      const after = request.query.after ?? (Number.isSafeInteger(lastEventId) && lastEventId >= 0 ? lastEventId : undefined);
      const ownerId = request.identity.userId;
      // The cursor is fixed before the head is sent: whatever is written after a client sees the head reaches it.
      const cursor = await tail.start(ownerId, after);
      const stop = new AbortController();
      streams.add(stop);
      const res = openEventStream(request, reply);
      res.on('close', () => stop.abort());
      writeComment(res, 'connected');
      let lastWrite = Date.now();
      try {
        for await (const batch of tail.follow(ownerId, cursor, stop.signal)) {
          for (const message of batch) writeEvent(res, 'message', toMessageView(message), message.seq);
          if (batch.length > 0) lastWrite = Date.now();
          else if (Date.now() - lastWrite >= KEEPALIVE_MS) {
            writeComment(res, 'keepalive');
            lastWrite = Date.now();
          }
        }
      } catch (err) {
        request.log.error({ err }, 'the notification stream failed');
      } finally {
        streams.delete(stop);
        res.end();
      }
    },
  });
}
