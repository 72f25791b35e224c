// The review queue: paused runs waiting for a decision on each of their calls, and the decided ones with who decided what.
import { useState } from 'react';
import { Alert, Blockquote, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useToolSchemas } from '../../api/catalog.ts';
import type { AgentRunOutcome, Decision, Review } from '../../api/types.ts';
import { useNotify } from '../../components/notifications.tsx';
import { Screen } from '../../components/screen.tsx';
import { ErrorState, QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { ReviewHistory } from './review-history.tsx';
import { draftProblems, newDraft, ReviewItemDecision, type Draft } from './review-item-decision.tsx';

function toDecision(item: Review['items'][number], draft: Draft): Decision {
  const base = { toolCallId: item.toolCallId, argumentsHash: item.argumentsHash };
  switch (draft.type) {
    case 'edit':
      return { ...base, type: 'edit', arguments: draft.arguments };
    case 'reject':
      return { ...base, type: 'reject', reason: draft.reason.trim() };
    case 'respond':
      return { ...base, type: 'respond', message: draft.message.trim() };
    default:
      return { ...base, type: 'approve' };
  }
}

function PendingReview({ review }: { review: Review }) {
  const tools = useToolSchemas();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => review.items.map(newDraft));
  const [showProblems, setShowProblems] = useState(false);
  const decide = useMutation({
    mutationFn: (decisions: Decision[]) => api.post<AgentRunOutcome>(`/api/agent/reviews/${encodeURIComponent(review.runId)}/decisions`, { decisions }),
    onSuccess: (outcome) => {
      notify({
        color: outcome.status === 'failed' ? 'red' : 'green',
        title: `Decisions sent; the run ${outcome.status === 'interrupted' ? 'paused again' : outcome.status}`,
        message: [outcome.answer ?? outcome.error?.message, outcome.notice].filter(Boolean).join('\n\n') || undefined,
      });
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['devices'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });

  const blocked = review.items.some((item, i) => {
    const p = draftProblems(drafts[i]!, tools.get(item.name));
    return p.choose || p.reason || p.message || p.fields.length > 0;
  });
  const submit = () => {
    setShowProblems(true);
    if (blocked) return;
    decide.mutate(review.items.map((item, i) => toDecision(item, drafts[i]!)));
  };

  return (
    <Paper withBorder p="md" component="article" aria-label={`Review of run ${review.runId}`} data-testid="pending-review">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {review.requester.userId} <Text span c="dimmed" size="sm">({review.requester.role})</Text> asked
          </Text>
          <Text size="xs" c="dimmed">
            {formatInstant(review.createdAt)} · expires {formatInstant(review.expiresAt)}
          </Text>
        </Group>
        <Blockquote p="xs" fz="sm">{review.input}</Blockquote>
        <Text size="sm">
          {review.items.length === 1 ? 'One call waits' : `${review.items.length} calls wait`} for your decision. The run resumes once every call is decided.
        </Text>
        {review.items.map((item, i) => (
          <ReviewItemDecision
            key={item.toolCallId} index={i} item={item} tool={tools.get(item.name)} draft={drafts[i]!} showProblems={showProblems}
            onChange={(draft) => setDrafts((all) => all.map((d, j) => (j === i ? draft : d)))}
          />
        ))}
        {decide.isError && <ErrorState error={decide.error} title="The decisions were not accepted" />}
        <Group>
          <Button onClick={submit} loading={decide.isPending}>Send decisions</Button>
          {showProblems && blocked && <Text size="sm" c="red">Fix the marked fields first.</Text>}
        </Group>
      </Stack>
    </Paper>
  );
}

function PendingList() {
  const query = useQuery({
    queryKey: ['reviews', 'pending'],
    queryFn: async () => (await api.get<{ items: Review[] }>('/api/agent/reviews', { status: 'pending' })).items,
    refetchInterval: 5_000,
  });
  return (
    <QueryView query={query} loading="Loading pending reviews…" isEmpty={(items) => items.length === 0} empty="Nothing waits for a review.">
      {(items) => (
        <Stack>
          {items.map((review) => (
            <PendingReview key={review.id} review={review} />
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

export function ReviewsScreen() {
  return (
    <Screen title="Reviews" description="Tool calls that wait for a human before they run.">
      <Tabs defaultValue="pending" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pending">Pending</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="md">
          <PendingList />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ReviewHistory />
        </Tabs.Panel>
      </Tabs>
      <Alert variant="light" color="gray">
        <Text size="xs">
          Approve runs the call as it is, Edit runs it with the arguments you change, Reject tells the agent why not, Respond answers in place of the
          call. <StatusBadge value="pending" /> reviews expire after the configured time and then count as rejected.
        </Text>
      </Alert>
    </Screen>
  );
}
