// A device state as label/value pairs ("Brightness 60", "Mode cool"), the provider's own field names made readable.
import { Group, Text } from '@mantine/core';
import { labelOf } from '../../components/schema.ts';

function show(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function StateList({ state }: { state: Record<string, unknown> }) {
  const entries = Object.entries(state);
  if (entries.length === 0) return <Text size="sm" c="dimmed">No state reported.</Text>;
  return (
    <Group gap="md" component="dl" m={0} aria-label="State">
      {entries.map(([key, value]) => (
        <Group key={key} gap={4} wrap="nowrap">
          <Text component="dt" size="sm" c="dimmed">{labelOf(key)}</Text>
          <Text component="dd" size="sm" fw={600} m={0} data-state-key={key}>{show(value)}</Text>
        </Group>
      ))}
    </Group>
  );
}
