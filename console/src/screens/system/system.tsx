// System state: plugins with load errors, the profile in force and its last rejected edit, the harness's skills and reload problems, MCP tools.
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { HarnessStatus, PluginStatus, ProfileStatus, ToolInfo } from '../../api/types.ts';
import { JsonView } from '../../components/json-view.tsx';
import { Screen } from '../../components/screen.tsx';
import { QueryView } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatInstant } from '../../components/time.ts';
import { DataTable } from '../../components/data-table.tsx';

function Plugins() {
  const query = useQuery({ queryKey: ['system', 'plugins'], queryFn: async () => (await api.get<{ plugins: PluginStatus[] }>('/api/system/plugins')).plugins, refetchInterval: 15_000 });
  return (
    <QueryView query={query} loading="Loading plugins…" isEmpty={(p) => p.length === 0} empty="No plugin is installed.">
      {(plugins) => (
        <DataTable label="Plugins" columns={['Plugin', 'State', 'Tools', 'Task kinds', 'Since']} minWidth={640}>
          {plugins.map((p) => (
            <Table.Tr key={p.name}>
              <Table.Td>
                <Text size="sm" fw={600}>{p.name} <Text span c="dimmed" size="xs">{p.version}</Text></Text>
                {p.description && <Text size="xs" c="dimmed">{p.description}</Text>}
                {p.error && <Text size="xs" c="red" role="alert">{p.error}</Text>}
              </Table.Td>
              <Table.Td><StatusBadge value={p.state} /></Table.Td>
              <Table.Td>{p.tools.length}</Table.Td>
              <Table.Td>{p.executors.join(', ') || '—'}</Table.Td>
              <Table.Td>{formatInstant(p.changedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </QueryView>
  );
}

function Profile() {
  const profile = useQuery({ queryKey: ['system', 'profile'], queryFn: () => api.get<ProfileStatus>('/api/system/profile') });
  const harness = useQuery({ queryKey: ['system', 'harness'], queryFn: () => api.get<HarnessStatus>('/api/system/harness'), refetchInterval: 15_000 });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">Profile (API)</Title>
        <QueryView query={profile} loading="Loading the profile status…">
          {(p) => (
            <Stack gap={4}>
              <Text size="sm"><b>Version:</b> {String(p.version)}</Text>
              <Text size="sm"><b>Loaded:</b> {formatInstant(p.loadedAt)}</Text>
              <Text size="xs" c="dimmed" ff="monospace">{p.path}</Text>
              {p.lastError ? (
                <Alert color="red" title={`Last edit rejected ${formatInstant(p.lastError.at)}`}>{p.lastError.message}</Alert>
              ) : (
                <Text size="sm" c="green">No rejected edit.</Text>
              )}
            </Stack>
          )}
        </QueryView>
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">Harness</Title>
        <QueryView query={harness} loading="Asking the harness…">
          {(h) => (
            <Stack gap={4}>
              <Text size="sm"><b>Profile version:</b> {String(h.profile.version)} (generation {h.profile.generation})</Text>
              <Text size="sm"><b>Model:</b> {h.model.configured ? `${h.model.provider} ${h.model.model}` : 'not configured'}</Text>
              {!h.model.configured && h.model.message && <Text size="xs" c="dimmed">{h.model.message}</Text>}
              <Text size="sm"><b>Last reload:</b> {formatInstant(h.lastReload?.at)}</Text>
              {h.lastReload && h.lastReload.problems.length > 0 ? (
                <Alert color="red" title="The last reload had problems">
                  <JsonView value={h.lastReload.problems} />
                </Alert>
              ) : (
                <Text size="sm" c="green">The last reload had no problems.</Text>
              )}
            </Stack>
          )}
        </QueryView>
      </Paper>
      <Paper withBorder p="md" style={{ gridColumn: '1 / -1' }}>
        <Title order={3} size="h5" mb="xs">Routes and skills</Title>
        <QueryView query={harness} loading="Asking the harness…" isEmpty={(h) => h.skills.length + h.routes.length === 0} empty="No route or skill is loaded.">
          {(h) => (
            <Table fz="sm" aria-label="Routes and skills">
              <Table.Tbody>
                {h.routes.map((r) => (
                  <Table.Tr key={`route-${r.name}`}>
                    <Table.Td><Badge variant="outline" color="gray">route</Badge></Table.Td>
                    <Table.Td fw={600}>{r.name}</Table.Td>
                    <Table.Td>{r.description}</Table.Td>
                  </Table.Tr>
                ))}
                {h.skills.map((s) => (
                  <Table.Tr key={`skill-${s.name}`}>
                    <Table.Td><Badge variant="outline">skill</Badge></Table.Td>
                    <Table.Td fw={600}>{s.name}{s.category && <Text size="xs" c="dimmed">{s.category}</Text>}</Table.Td>
                    <Table.Td>{s.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryView>
      </Paper>
    </SimpleGrid>
  );
}

const HINTS: [keyof ToolInfo['annotations'], string, string][] = [
  ['readOnlyHint', 'read-only', 'green'],
  ['destructiveHint', 'destructive', 'red'],
  ['idempotentHint', 'idempotent', 'blue'],
  ['openWorldHint', 'open world', 'grape'],
];

function Tools() {
  const query = useQuery({ queryKey: ['system', 'tools'], queryFn: () => api.get<{ items: ToolInfo[] }>('/api/system/tools') });
  return (
    <QueryView query={query} loading="Loading tools…" isEmpty={(d) => d.items.length === 0} empty="No plugin offers a tool.">
      {({ items }) => (
        <DataTable label="MCP tools" columns={['Tool', 'Description', 'Annotations']} minWidth={640}>
          {items.map((t) => (
            <Table.Tr key={t.name}>
              <Table.Td><Text size="sm" ff="monospace">{t.name}</Text><Text size="xs" c="dimmed">{t.plugin}</Text></Table.Td>
              <Table.Td>{t.description}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {HINTS.filter(([key]) => t.annotations[key] === true).map(([key, label, color]) => (
                    <Badge key={key} size="sm" variant="light" color={color}>{label}</Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </QueryView>
  );
}

export function SystemScreen() {
  return (
    <Screen title="System" description="What is loaded, in which version, and what went wrong on the last reload.">
      <Title order={2} size="h4">Plugins</Title>
      <Plugins />
      <Profile />
      <Title order={2} size="h4">MCP tools</Title>
      <Tools />
    </Screen>
  );
}
