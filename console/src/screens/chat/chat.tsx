// ChipChat in the browser: your conversations, one open at a time, kept current by the notification stream (answers after a review, reminders).
import { useEffect, useState } from 'react';
import { Button, Grid, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { openStream } from '../../api/sse.ts';
import type { ChatMessage, Conversation as ConversationView } from '../../api/types.ts';
import { Screen } from '../../components/screen.tsx';
import { ErrorState, QueryView } from '../../components/states.tsx';
import { formatInstant } from '../../components/time.ts';
import { Conversation } from './conversation.tsx';

/** Follows /api/chipchat/notifications/stream while the screen is open and refreshes what a new message touches. */
function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const follow = async () => {
      try {
        for await (const record of openStream('/api/chipchat/notifications/stream', { signal: stop.signal })) {
          if (record.event !== 'message') continue;
          const message = JSON.parse(record.data) as ChatMessage;
          void queryClient.invalidateQueries({ queryKey: ['chat', 'messages', message.conversationId] });
          void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
        }
      } catch {
        // the server went away or refused: try again shortly, quietly
      }
      if (!stop.signal.aborted) retry = setTimeout(() => void follow(), 5_000);
    };
    void follow();
    return () => {
      stop.abort();
      clearTimeout(retry);
    };
  }, [queryClient]);
}

export function ChatScreen() {
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string>();
  useNotificationStream();
  const conversations = useQuery({
    queryKey: ['chat', 'conversations'],
    queryFn: async () => (await api.get<{ items: ConversationView[] }>('/api/chipchat/conversations', { limit: 50 })).items,
  });
  const create = useMutation({
    mutationFn: () => api.post<ConversationView>('/api/chipchat/conversations', {}),
    onSuccess: (c) => {
      setSelected(c.id);
      void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
    },
  });
  const current = conversations.data?.find((c) => c.id === selected) ?? conversations.data?.[0];

  return (
    <Screen title="Chat" description="Talk with Nexus. Answers stream in; actions that need a reviewer wait for one.">
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            <Stack gap="xs">
              <Button onClick={() => create.mutate()} loading={create.isPending} variant="light">New conversation</Button>
              {create.isError && <ErrorState error={create.error} />}
              <QueryView query={conversations} loading="Loading conversations…" isEmpty={(items) => items.length === 0} empty="No conversations yet.">
                {(items) => (
                  <ScrollArea.Autosize mah={{ base: 200, md: 'calc(100vh - 260px)' }} type="auto">
                    <nav aria-label="Conversations">
                      {items.map((c) => (
                        <NavLink
                          key={c.id} label={c.title} description={formatInstant(c.lastMessageAt ?? c.createdAt)}
                          active={c.id === current?.id} aria-current={c.id === current?.id ? 'true' : undefined} onClick={() => setSelected(c.id)}
                        />
                      ))}
                    </nav>
                  </ScrollArea.Autosize>
                )}
              </QueryView>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {current ? (
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">{current.title}</Title>
              <Conversation key={current.id} conversation={current} />
            </Paper>
          ) : (
            conversations.isSuccess && (
              <Paper withBorder p="xl">
                <Text c="dimmed" ta="center">Start a conversation to talk with Nexus.</Text>
              </Paper>
            )
          )}
        </Grid.Col>
      </Grid>
    </Screen>
  );
}
