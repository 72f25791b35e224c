// One task: what it runs, when it runs next (its zone and yours), pause/resume/cancel, and its recent runs with their outcomes.
import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useTaskKinds } from '../../api/catalog.ts';
import type { Page, SchedulerTask, TaskRun } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { useNotify } from '../../components/notifications.tsx';
import { SchemaView } from '../../components/schema-view.tsx';
import { ErrorState, QueryView, errorMessage } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant, viewerZone } from '../../components/time.ts';
import { DataTable } from '../../components/data-table.tsx';

export function scheduleText(task: SchedulerTask): string {
  return task.schedule.type === 'cron' ? `${task.schedule.expression} (${task.schedule.timeZone ?? 'UTC'})` : `once at ${formatInstant(task.schedule.at)}`;
}

export function taskZone(task: SchedulerTask): string {
  return task.schedule.type === 'cron' ? (task.schedule.timeZone ?? 'UTC') : viewerZone;
}

function Runs({ taskId }: { taskId: string }) {
  const query = useQuery({
    queryKey: ['scheduler', 'runs', taskId],
    queryFn: () => api.get<Page<TaskRun>>(`/api/scheduler/tasks/${encodeURIComponent(taskId)}/runs`, { limit: 20 }),
    refetchInterval: 10_000,
  });
  return (
    <QueryView query={query} loading="Loading runs…" isEmpty={(p) => p.items.length === 0} empty="It has not run yet.">
      {(page) => (
        <DataTable label="Recent runs" columns={['Scheduled for', 'Outcome', 'Attempt', 'Result']} minWidth={480}>
          {page.items.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>{formatInstant(run.scheduledFor)}</Table.Td>
              <Table.Td><StatusBadge value={run.state} /></Table.Td>
              <Table.Td>{run.attempt}/{run.maxAttempts}</Table.Td>
              <Table.Td>{run.error ? <Text size="sm" c="red">{run.error.code}: {run.error.message}</Text> : (run.result?.summary ?? '—')}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </QueryView>
  );
}

export function TaskDetail({ task }: { task: SchedulerTask }) {
  const { can } = useSession();
  const kinds = useTaskKinds();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'cancel') => api.post<SchedulerTask>(`/api/scheduler/tasks/${encodeURIComponent(task.id)}/${action}`),
    onSuccess: (updated, action) => {
      notify({ color: 'green', title: `Task ${action === 'cancel' ? 'cancelled' : action === 'pause' ? 'paused' : 'resumed'}`, message: updated.title });
      void queryClient.invalidateQueries({ queryKey: ['scheduler'] });
    },
    onError: (err) => notify({ color: 'red', title: 'The task did not change', message: errorMessage(err) }),
  });
  const zone = taskZone(task);
  const open = task.status === 'active' || task.status === 'paused';

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm"><b>Kind:</b> {task.kind}</Text>
        <Text size="sm"><b>Status:</b> <StatusBadge value={task.status} /></Text>
        <Text size="sm"><b>Schedule:</b> <Text span ff="monospace" size="sm">{scheduleText(task)}</Text></Text>
        <Text size="sm"><b>Owner:</b> {task.ownerId} (via {task.createdVia})</Text>
        <Text size="sm"><b>Next run, your time:</b> {formatInstant(task.nextRunAt)}</Text>
        <Text size="sm"><b>Next run, task time ({zone}):</b> {formatInstant(task.nextRunAt, zone)}</Text>
        <Text size="sm"><b>Runs:</b> {task.runCount} ({task.failedRunCount} failed)</Text>
        <Text size="sm"><b>Last outcome:</b> <StatusBadge value={task.lastOutcome} /></Text>
      </SimpleGrid>
      <SchemaView schema={kinds.data?.find((k) => k.kind === task.kind)?.payloadSchema} value={task.payload} caption="Payload" />
      {can('scheduler.write') && open && (
        <Group>
          {task.status === 'active' && <Button variant="default" onClick={() => act.mutate('pause')} loading={act.isPending && act.variables === 'pause'}>Pause</Button>}
          {task.status === 'paused' && <Button variant="default" onClick={() => act.mutate('resume')} loading={act.isPending && act.variables === 'resume'}>Resume</Button>}
          <Button color="red" variant="light" onClick={() => act.mutate('cancel')} loading={act.isPending && act.variables === 'cancel'}>Cancel task</Button>
        </Group>
      )}
      {act.isError && <ErrorState error={act.error} />}
      <Title order={3} size="h5">Recent runs</Title>
      <Runs taskId={task.id} />
    </Stack>
  );
}
