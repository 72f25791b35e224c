// Scheduled tasks: the list with next runs in the viewer's and the task's time zone, one task's detail, and the create form.
import { useState } from 'react';
import { Anchor, Button, Drawer, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Page, SchedulerTask } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { Screen } from '../../components/screen.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { CreateTask } from './create-task.tsx';
import { scheduleText, taskZone, TaskDetail } from './task-detail.tsx';
import { DataTable } from '../../components/data-table.tsx';

const STATUSES = ['all', 'active', 'paused', 'completed', 'cancelled'];

export function SchedulesScreen() {
  const { can } = useSession();
  const [status, setStatus] = useState('active');
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['scheduler', 'tasks', status],
    queryFn: () => api.get<Page<SchedulerTask>>('/api/scheduler/tasks', { status: status === 'all' ? undefined : status, limit: 100 }),
    refetchInterval: 15_000,
  });
  const task = query.data?.items.find((t) => t.id === selected);

  return (
    <Screen
      title="Schedules" description="Tasks the worker runs on a schedule: goals for the agent and platform actions."
      actions={can('scheduler.write') && <Button onClick={() => setCreating(true)}>New task</Button>}
    >
      <SegmentedControl aria-label="Filter by status" value={status} onChange={setStatus} data={STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))} />
      <QueryView query={query} loading="Loading tasks…" isEmpty={(p) => p.items.length === 0} empty={`No ${status === 'all' ? '' : `${status} `}tasks.`}>
        {(page) => (
          <>
            <DataTable label="Scheduled tasks" columns={['Task', 'Schedule', 'Status', 'Next run (your time)', 'Next run (task time)', 'Last outcome']} minWidth={760} highlightOnHover data-testid="tasks-table">
              {page.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => setSelected(t.id)}>{t.title}</Anchor>
                    <Text size="xs" c="dimmed">{t.kind}</Text>
                  </Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{scheduleText(t)}</Text></Table.Td>
                  <Table.Td><StatusBadge value={t.status} /></Table.Td>
                  <Table.Td>{formatInstant(t.nextRunAt)}</Table.Td>
                  <Table.Td>{formatInstant(t.nextRunAt, taskZone(t))}</Table.Td>
                  <Table.Td>
                    <Group gap={4}><StatusBadge value={t.lastOutcome} /><Text size="xs" c="dimmed">{t.runCount} runs</Text></Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
            {page.total > page.items.length && <Text size="xs" c="dimmed">Showing {page.items.length} of {page.total}.</Text>}
          </>
        )}
      </QueryView>
      <Drawer opened={creating} onClose={() => setCreating(false)} title="New scheduled task" position="right" size="lg">
        {creating && <CreateTask onCreated={(t) => { setCreating(false); setStatus(t.status === 'active' ? 'active' : 'all'); }} />}
      </Drawer>
      <Drawer opened={task !== undefined} onClose={() => setSelected(null)} title={task?.title} position="right" size="lg">
        {task && <TaskDetail task={task} />}
      </Drawer>
    </Screen>
  );
}
