// Rooms and their devices with live state read from the provider; a device opens its controls and history.
import { useState } from 'react';
import { Button, Card, Drawer, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Device, Room } from '../../api/types.ts';
import { Screen } from '../../components/screen.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { DeviceDetail } from './device-detail.tsx';
import { StateList } from './state-list.tsx';

export function DevicesScreen() {
  const [roomId, setRoomId] = useState('');
  const [selected, setSelected] = useState<Device | null>(null);
  const rooms = useQuery({ queryKey: ['devices', 'rooms'], queryFn: async () => (await api.get<{ items: Room[] }>('/api/dige/rooms')).items, staleTime: 60_000 });
  const devices = useQuery({
    queryKey: ['devices', 'list', roomId],
    queryFn: async () => (await api.get<{ items: Device[] }>('/api/dige/devices', { roomId: roomId || undefined })).items,
    refetchInterval: 15_000,
  });
  const roomName = (id: string) => rooms.data?.find((r) => r.id === id)?.name ?? id;

  return (
    <Screen
      title="Devices" description="Live state as the provider reports it."
      actions={<Button variant="default" onClick={() => void devices.refetch()} loading={devices.isFetching}>Refresh</Button>}
    >
      <NativeSelect
        label="Room" maw={320} value={roomId} onChange={(e) => setRoomId(e.currentTarget.value)}
        data={[{ value: '', label: rooms.isPending ? 'Loading rooms…' : 'All rooms' }, ...(rooms.data ?? []).map((r) => ({ value: r.id, label: `${r.name}${r.floor !== null ? ` (floor ${r.floor})` : ''}` }))]}
      />
      <QueryView query={devices} loading="Reading devices from the provider…" isEmpty={(items) => items.length === 0} empty="No devices in this room.">
        {(items) => {
          const byRoom = new Map<string, Device[]>();
          for (const d of items) byRoom.set(d.roomId, [...(byRoom.get(d.roomId) ?? []), d]);
          return (
            <Stack gap="lg">
              {[...byRoom.entries()].map(([room, list]) => (
                <section key={room} aria-label={roomName(room)}>
                  <Title order={2} size="h4" mb="xs">{roomName(room)}</Title>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                    {list.map((d) => (
                      <Card key={d.id} withBorder padding="sm" data-testid={`device-${d.id}`}>
                        <Stack gap="xs">
                          <Group justify="space-between" wrap="nowrap">
                            <Text fw={600}>{d.name}</Text>
                            <StatusBadge value={d.online ? 'online' : 'offline'} />
                          </Group>
                          <Text size="xs" c="dimmed">{d.kind} · read {formatInstant(d.observedAt)}</Text>
                          <StateList state={d.state} />
                          <Button size="xs" variant="light" onClick={() => setSelected(d)} aria-label={`Open ${d.name}`}>Open</Button>
                        </Stack>
                      </Card>
                    ))}
                  </SimpleGrid>
                </section>
              ))}
            </Stack>
          );
        }}
      </QueryView>
      <Drawer opened={selected !== null} onClose={() => setSelected(null)} title={selected?.name} position="right" size="md">
        {selected && <DeviceDetail deviceId={selected.id} />}
      </Drawer>
    </Screen>
  );
}
