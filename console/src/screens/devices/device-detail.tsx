// One device: live state, the commands it accepts with the verification outcome of the last one sent, and its observed history.
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client.ts';
import type { AcceptedCommand, ControlResult, DeviceDetail as Detail, DeviceObservation, Page } from '../../api/types.ts';
import { useSession } from '../../auth/session.tsx';
import { errorMessage, QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { StateList } from './state-list.tsx';
import { DataTable } from '../../components/data-table.tsx';

function CommandControl({ accepted, busy, onSend }: { accepted: AcceptedCommand; busy: boolean; onSend(value?: number | string): void }) {
  const { value } = accepted;
  const [number, setNumber] = useState<number | string>(value.min ?? 0);
  const [choice, setChoice] = useState(value.values?.[0] ?? '');
  const label = accepted.command.replaceAll('_', ' ');
  if (value.type === 'number') {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label={`${label}${value.unit ? ` (${value.unit})` : ''}`} description={accepted.description} min={value.min} max={value.max} step={value.step}
          value={number} onChange={setNumber} style={{ flex: 1 }}
        />
        <Button variant="light" loading={busy} onClick={() => onSend(typeof number === 'number' ? number : Number(number))} aria-label={`Send ${label}`}>Send</Button>
      </Group>
    );
  }
  if (value.values) {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NativeSelect label={label} description={accepted.description} data={value.values} value={choice} onChange={(e) => setChoice(e.currentTarget.value)} style={{ flex: 1 }} />
        <Button variant="light" loading={busy} onClick={() => onSend(choice)} aria-label={`Send ${label}`}>Send</Button>
      </Group>
    );
  }
  return (
    <Button variant="light" loading={busy} onClick={() => onSend()} title={accepted.description}>
      {label[0]!.toUpperCase() + label.slice(1)}
    </Button>
  );
}

function Outcome({ result }: { result: ControlResult }) {
  const ok = result.outcome === 'verified';
  return (
    <Alert color={ok ? 'green' : 'red'} title={`${result.command.command}${result.command.value !== undefined ? ` ${result.command.value}` : ''}: ${result.outcome.replaceAll('_', ' ')}`} data-testid="control-outcome">
      <Text size="sm">
        Expected {JSON.stringify(result.expectedState)}; the provider reports {JSON.stringify(result.observedState)} at {formatInstant(result.observedAt)}.
      </Text>
    </Alert>
  );
}

function History({ deviceId }: { deviceId: string }) {
  const query = useQuery({
    queryKey: ['devices', 'history', deviceId],
    queryFn: () => api.get<Page<DeviceObservation>>(`/api/dige/devices/${encodeURIComponent(deviceId)}/history`, { limit: 20 }),
  });
  return (
    <QueryView query={query} loading="Loading history…" isEmpty={(p) => p.items.length === 0} empty="No observations recorded yet.">
      {(page) => (
        <DataTable label="Device history" columns={['Observed', 'State', 'Source']} minWidth={420}>
          {page.items.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{formatInstant(o.observedAt)}</Table.Td>
              <Table.Td><Text size="xs" ff="monospace">{JSON.stringify(o.state)}</Text></Table.Td>
              <Table.Td>{o.source}{o.online ? '' : ' (offline)'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </QueryView>
  );
}

export function DeviceDetail({ deviceId }: { deviceId: string }) {
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [last, setLast] = useState<ControlResult>();
  const query = useQuery({
    queryKey: ['devices', 'detail', deviceId],
    queryFn: () => api.get<Detail>(`/api/dige/devices/${encodeURIComponent(deviceId)}`),
    refetchInterval: 10_000,
  });
  const control = useMutation({
    mutationFn: (command: { command: string; value?: number | string }) => api.post<ControlResult>(`/api/dige/devices/${encodeURIComponent(deviceId)}/commands`, command),
    onMutate: () => setLast(undefined),
    onSuccess: (result) => setLast(result),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
  // A failed verification comes back as an error that carries the provider's answer.
  const details = control.error instanceof ApiError ? (control.error.details as Partial<ControlResult> | undefined) : undefined;
  const failed = details?.outcome && details.command ? (details as ControlResult) : undefined;

  return (
    <QueryView query={query} loading="Reading the device from the provider…">
      {(device) => (
        <Stack gap="md">
          <Group gap="xs">
            <StatusBadge value={device.online ? 'online' : 'offline'} />
            <Text size="sm" c="dimmed">{device.kind} · read {formatInstant(device.observedAt)}</Text>
          </Group>
          <StateList state={device.state} />
          {can('dige.control') && (
            <Paper withBorder p="sm">
              <Title order={3} size="h5" mb="xs">Control</Title>
              <Stack gap="xs">
                {device.accepts.map((a) => (
                  <CommandControl
                    key={a.command} accepted={a} busy={control.isPending && control.variables?.command === a.command}
                    onSend={(value) => control.mutate(value === undefined ? { command: a.command } : { command: a.command, value })}
                  />
                ))}
                {control.isPending && <Text size="sm" c="dimmed" role="status">Waiting for the provider to confirm…</Text>}
                {last && <Outcome result={last} />}
                {failed && <Outcome result={failed} />}
                {control.isError && !failed && (
                  <Alert color="red" title="The control failed" role="alert">{errorMessage(control.error)}</Alert>
                )}
              </Stack>
            </Paper>
          )}
          {can('dige.audit') && (
            <>
              <Title order={3} size="h5">History</Title>
              <History deviceId={device.id} />
            </>
          )}
        </Stack>
      )}
    </QueryView>
  );
}
