// Shows a value (tool arguments, a task payload) field by field, labelled and described by its JSON Schema.
import { Table, Text } from '@mantine/core';
import type { JsonSchema } from '../api/types.ts';
import { JsonView } from './json-view.tsx';
import { labelOf } from './schema.ts';

function Scalar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text size="sm" c="dimmed">—</Text>;
  if (typeof value === 'object') return <JsonView value={value} />;
  return <Text size="sm" ff="monospace">{String(value)}</Text>;
}

export function SchemaView({ schema, value, caption }: { schema?: JsonSchema; value: unknown; caption?: string }) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return <Scalar value={value} />;
  const record = value as Record<string, unknown>;
  const known = Object.keys(schema?.properties ?? {});
  const keys = [...known.filter((k) => k in record), ...Object.keys(record).filter((k) => !known.includes(k))];
  if (keys.length === 0) return <Text size="sm" c="dimmed">No arguments</Text>;
  return (
    <Table withTableBorder withColumnBorders layout="fixed" fz="sm" aria-label={caption} captionSide="top" styles={{ caption: { textAlign: 'left', marginTop: 0 } }}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Tbody>
        {keys.map((key) => {
          const prop = schema?.properties?.[key];
          return (
            <Table.Tr key={key}>
              <Table.Th w="35%" scope="row">
                <Text size="sm" fw={600}>{labelOf(key, prop)}</Text>
                {prop?.description && <Text size="xs" c="dimmed" fw={400}>{prop.description}</Text>}
              </Table.Th>
              <Table.Td>
                <Scalar value={record[key]} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
