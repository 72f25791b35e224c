// The audit trail: agent runs, newest first, filtered by status, user, session, route and time, paged.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, NativeSelect, Pagination, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../api/client.ts';
import type { AuditRun, Page } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { Screen } from '../../components/screen.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDuration, formatInstant } from '../../components/time.ts';
import { DataTable } from '../../components/data-table.tsx';

const PAGE = 25;

interface Filters {
  status: string;
  userId: string;
  sessionId: string;
  route: string;
  grounding: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { status: '', userId: '', sessionId: '', route: '', grounding: '', from: '', to: '' };

/** The grounding select: flagged answers, or runs by what their answer rests on. */
const GROUNDING: Record<string, { ungrounded?: boolean; grounding?: string }> = {
  flagged: { ungrounded: true },
  tools: { grounding: 'tools' },
  none: { grounding: 'none' },
};

const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function AuditScreen() {
  const { can } = useSession();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['audit', 'runs', filters, page],
    queryFn: () =>
      api.get<Page<AuditRun>>('/api/audit/runs', {
        status: filters.status, userId: filters.userId.trim(), sessionId: filters.sessionId.trim(), route: filters.route.trim(), ...GROUNDING[filters.grounding],
        from: iso(filters.from), to: iso(filters.to), limit: PAGE, offset: (page - 1) * PAGE,
      }),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof Filters) => (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [key]: e.currentTarget.value });

  return (
    <Screen title="Audit" description={can('audit.read') ? 'Every agent run, with its tool calls and review decisions.' : 'Your own agent runs, with their tool calls and review decisions.'}>
      <form
        aria-label="Filter runs"
        onSubmit={(e) => { e.preventDefault(); setFilters(draft); setPage(1); }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect label="Status" value={draft.status} onChange={set('status')} data={[{ value: '', label: 'Any' }, 'completed', 'interrupted', 'failed']} />
          {can('audit.read') && <TextInput label="User" value={draft.userId} onChange={set('userId')} w={140} />}
          <TextInput label="Session" value={draft.sessionId} onChange={set('sessionId')} w={160} />
          <TextInput label="Route" value={draft.route} onChange={set('route')} w={140} />
          <NativeSelect
            label="Grounding" value={draft.grounding} onChange={set('grounding')}
            data={[{ value: '', label: 'Any' }, { value: 'flagged', label: 'Flagged: nothing done or looked up' }, { value: 'tools', label: 'Rests on tool results' }, { value: 'none', label: 'No tool result' }]}
          />
          <TextInput type="datetime-local" label="From" value={draft.from} onChange={set('from')} />
          <TextInput type="datetime-local" label="To" value={draft.to} onChange={set('to')} />
          <Button type="submit">Apply</Button>
          <Button variant="subtle" onClick={() => { setDraft(EMPTY); setFilters(EMPTY); setPage(1); }}>Clear</Button>
        </Group>
      </form>
      <QueryView query={query} loading="Loading runs…" isEmpty={(p) => p.items.length === 0} empty="No run matches.">
        {(data) => (
          <>
            <DataTable label="Agent runs" columns={['Started', 'User', 'Input', 'Route / skill', 'Status', 'Duration']} minWidth={760} highlightOnHover data-testid="audit-runs">
              {data.items.map((run) => (
                <Table.Tr key={run.id}>
                  <Table.Td>
                    <Anchor component={Link} href={`/audit/runs/${encodeURIComponent(run.id)}`} size="sm">{formatInstant(run.startedAt)}</Anchor>
                  </Table.Td>
                  <Table.Td>{run.userId} <Text span c="dimmed" size="xs">({run.role})</Text></Table.Td>
                  <Table.Td><Text size="sm" lineClamp={2}>{run.input}</Text></Table.Td>
                  <Table.Td>{run.skill ?? run.route ?? '—'}</Table.Td>
                  <Table.Td>
                    <StatusBadge value={run.status} />
                    {run.ungrounded && <Badge ml={4} size="xs" color="orange" variant="light" title={run.notice ?? undefined} data-testid="ungrounded-badge">no tool result</Badge>}
                  </Table.Td>
                  <Table.Td>{formatDuration(run.durationMs)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">{data.total} runs</Text>
              {data.total > PAGE && <Pagination total={Math.ceil(data.total / PAGE)} value={page} onChange={setPage} size="sm" aria-label="Pages" />}
            </Group>
          </>
        )}
      </QueryView>
    </Screen>
  );
}
