// Decided and expired reviews: who decided, and, from the audit trail, what was decided for each call.
import { useState } from 'react';
import { Accordion, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import type { AuditRunDetail, Review } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { DataTable } from '../../components/data-table.tsx';

function Decisions({ review }: { review: Review }) {
  const query = useQuery({
    queryKey: ['audit', 'run', review.runId],
    queryFn: () => api.get<AuditRunDetail>(`/api/audit/runs/${encodeURIComponent(review.runId)}`),
  });
  return (
    <QueryView query={query} loading="Loading the decisions…">
      {(detail) => {
        const byCall = new Map(detail.reviewDecisions.map((d) => [d.toolCallId, d]));
        return (
          <DataTable label="Decisions" columns={['Tool', 'Decision', 'By', 'Detail']} minWidth={480}>
            {review.items.map((item) => {
              const d = byCall.get(item.toolCallId);
              return (
                <Table.Tr key={item.toolCallId}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td><StatusBadge value={d?.decision ?? review.status} /></Table.Td>
                  <Table.Td>{d ? `${d.reviewerId} (${d.reviewerRole})` : (review.decidedBy ?? '—')}</Table.Td>
                  <Table.Td>{d?.detail ? <JsonView value={d.detail} /> : '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        );
      }}
    </QueryView>
  );
}

export function ReviewHistory() {
  const { can } = useSession();
  const [opened, setOpened] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['reviews', 'history'],
    queryFn: async () => {
      const [decided, expired] = await Promise.all([
        api.get<{ items: Review[] }>('/api/agent/reviews', { status: 'decided', limit: 50 }),
        api.get<{ items: Review[] }>('/api/agent/reviews', { status: 'expired', limit: 50 }),
      ]);
      return [...decided.items, ...expired.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  });
  return (
    <QueryView query={query} loading="Loading decided reviews…" isEmpty={(items) => items.length === 0} empty="No review has been decided yet.">
      {(items) => (
        <Accordion value={opened} onChange={setOpened} variant="separated">
          {items.map((review) => (
            <Accordion.Item key={review.id} value={review.id} data-testid="decided-review">
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" pr="sm">
                  <Stack gap={0}>
                    <Text size="sm" fw={500} lineClamp={1}>{review.input}</Text>
                    <Text size="xs" c="dimmed">
                      {review.requester.userId} · {formatInstant(review.createdAt)} · {review.items.map((i) => i.name).join(', ')}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <StatusBadge value={review.status} />
                    {review.decidedBy && <Badge variant="outline" color="gray">by {review.decidedBy}</Badge>}
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {opened === review.id && can('audit.read') ? <Decisions review={review} /> : <Text size="sm">Decided by {review.decidedBy ?? 'nobody (expired)'}.</Text>}
                {can('audit.read') && (
                  <Text size="xs" mt="xs">
                    <Link href={`/audit/runs/${encodeURIComponent(review.runId)}`}>Open the run in the audit trail</Link>
                  </Text>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </QueryView>
  );
}
