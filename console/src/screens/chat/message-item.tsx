// One chat message: the user's, the assistant's (tools used, sources), or a notice of what waits for review and for whom.
import { Alert, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { ChatMessage } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { formatInstant } from '../../components/time.ts';
import { UngroundedNotice } from '../../components/ungrounded-notice.tsx';
import { MessageSources } from './message-sources.tsx';

export function ToolBadges({ tools }: { tools: { name: string; status?: string }[] }) {
  if (tools.length === 0) return null;
  return (
    <Group gap={4}>
      {tools.map((t, i) => (
        <Badge key={i} size="xs" variant="light" color={t.status === 'failed' || t.status === 'refused' || t.status === 'rejected' ? 'red' : 'gray'}>
          {t.name}{t.status ? ` · ${t.status}` : ''}
        </Badge>
      ))}
    </Group>
  );
}

function PendingNotice({ message }: { message: ChatMessage }) {
  const { mayReview } = useSession();
  return (
    <Alert color="yellow" title="Waiting for a review" data-testid="pending-notice">
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.text}</Text>
        {message.pendingReviews.some((p) => mayReview(p.tool)) && (
          <Anchor component={Link} href="/reviews" size="sm">You may decide it: open the review queue</Anchor>
        )}
      </Stack>
    </Alert>
  );
}

export function MessageItem({ message }: { message: ChatMessage }) {
  const { can } = useSession();
  const mine = message.role === 'user';
  if (message.role === 'notice' && message.pendingReviews.length > 0) return <PendingNotice message={message} />;
  if (message.role === 'notice') {
    return (
      <Alert color={message.error ? 'red' : 'blue'} title={message.origin === 'schedule' ? 'Reminder' : 'Notice'}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{message.text}</Text>
        <Text size="xs" c="dimmed">{formatInstant(message.createdAt)}</Text>
      </Alert>
    );
  }
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <Paper
        p="sm" maw="85%" radius="lg" withBorder={!mine} bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
        aria-label={mine ? 'You said' : 'Nexus answered'} data-testid={mine ? 'user-message' : 'assistant-message'}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</Text>
        {message.error && <Text size="xs" c="red">{message.error.code}: {message.error.message}</Text>}
        {message.ungrounded && message.notice && <UngroundedNotice notice={message.notice} />}
        <ToolBadges tools={message.toolCalls} />
        {message.role === 'assistant' && message.runId && message.toolCalls.some((t) => t.name.startsWith('rag_')) && can('audit.read.own') && (
          <MessageSources runId={message.runId} />
        )}
        <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'} mt={2}>{formatInstant(message.createdAt)}</Text>
      </Paper>
    </Group>
  );
}
