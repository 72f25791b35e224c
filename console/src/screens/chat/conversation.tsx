// One conversation: its messages, the composer, and the agent's answer streaming in as it is written.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { openStream } from '../../api/sse.ts';
import type { ChatMessage, Conversation as ConversationView } from '../../api/types.ts';
import { ErrorState, QueryView } from '../../components/states.tsx';
import { MessageItem, ToolBadges } from './message-item.tsx';

interface Streaming {
  userText: string;
  text: string;
  tools: { name: string }[];
}

export function Conversation({ conversation }: { conversation: ConversationView }) {
  const queryClient = useQueryClient();
  const key = ['chat', 'messages', conversation.id];
  const messages = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ items: ChatMessage[] }>(`/api/chipchat/conversations/${encodeURIComponent(conversation.id)}/messages`, { limit: 200 })).items,
  });
  const [text, setText] = useState('');
  const [streaming, setStreaming] = useState<Streaming>();
  const [error, setError] = useState<unknown>();
  const bottom = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController>();

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages.data?.length, streaming?.text]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || streaming) return;
    setError(undefined);
    setText('');
    setStreaming({ userText: message, text: '', tools: [] });
    abort.current = new AbortController();
    try {
      const path = `/api/chipchat/conversations/${encodeURIComponent(conversation.id)}/messages`;
      for await (const record of openStream(path, { body: { text: message }, signal: abort.current.signal })) {
        const data = JSON.parse(record.data) as { delta?: string; name?: string; error?: { message: string } };
        if (record.event === 'delta' && data.delta) setStreaming((s) => s && { ...s, text: s.text + data.delta });
        else if (record.event === 'tool' && data.name) setStreaming((s) => s && { ...s, tools: [...s.tools, { name: data.name! }] });
        else if (record.event === 'error') setError(new Error(data.error?.message ?? 'The answer failed.'));
      }
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
        setError(err);
        setText(message);
      }
    } finally {
      setStreaming(undefined);
      await queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="sm" h="100%">
      <ScrollArea.Autosize mah="calc(100vh - 300px)" type="auto" offsetScrollbars>
        <Stack gap="sm" p={4} role="log" aria-label="Messages" aria-live="polite" data-testid="chat-log">
          <QueryView query={messages} loading="Loading messages…" isEmpty={(items) => items.length === 0 && !streaming} empty="No messages yet. Say hello.">
            {(items) => items.map((m) => <MessageItem key={m.id} message={m} />)}
          </QueryView>
          {streaming && (
            <>
              <Group justify="flex-end">
                <Paper p="sm" maw="85%" radius="lg" bg="var(--mantine-primary-color-light)">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{streaming.userText}</Text>
                </Paper>
              </Group>
              <Paper p="sm" maw="85%" radius="lg" withBorder aria-busy="true" data-testid="streaming-answer">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{streaming.text || 'Thinking…'}</Text>
                <ToolBadges tools={streaming.tools} />
              </Paper>
            </>
          )}
          <div ref={bottom} />
        </Stack>
      </ScrollArea.Autosize>
      {error !== undefined && <ErrorState error={error} title="The message was not answered" />}
      <form onSubmit={send} aria-label="Send a message">
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            label="Message" description="Enter sends, Shift+Enter starts a new line" autosize minRows={1} maxRows={6} style={{ flex: 1 }}
            value={text} onChange={(e) => setText(e.currentTarget.value)} onKeyDown={onKeyDown} disabled={streaming !== undefined}
          />
          <Button type="submit" loading={streaming !== undefined} disabled={text.trim() === ''}>Send</Button>
        </Group>
      </form>
    </Stack>
  );
}
