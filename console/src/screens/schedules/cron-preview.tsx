// The next five fire times of a cron expression as the scheduler computes them, in the task's zone and the viewer's, DST offsets shown.
import { List, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { CronPreview as Preview } from '../../api/types.ts';
import { errorMessage, Loading } from '../../components/states.tsx';
import { formatInstant, viewerZone } from '../../components/time.ts';

export function CronPreview({ expression, timeZone }: { expression: string; timeZone: string }) {
  const [debounced] = useDebouncedValue({ expression: expression.trim(), timeZone }, 300);
  const query = useQuery({
    queryKey: ['cron-preview', debounced.expression, debounced.timeZone],
    queryFn: () => api.post<Preview>('/api/scheduler/cron/preview', { expression: debounced.expression, timeZone: debounced.timeZone, count: 5 }),
    enabled: debounced.expression !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Paper withBorder p="sm" aria-live="polite" aria-label="Cron preview" data-testid="cron-preview">
      <Text size="sm" fw={600} mb={4}>Next five runs</Text>
      {debounced.expression === '' ? (
        <Text size="sm" c="dimmed">Type a cron expression to see when it fires.</Text>
      ) : query.isPending ? (
        <Loading label="Computing…" />
      ) : query.isError ? (
        <Text size="sm" c="red" role="alert">{errorMessage(query.error)}</Text>
      ) : (
        <List size="sm" spacing={4} type="ordered" data-testid="cron-fire-times">
          {query.data.fireTimes.map((iso) => (
            <List.Item key={iso}>
              <Stack gap={0}>
                <Text size="sm">{formatInstant(iso, query.data.timeZone)} <Text span c="dimmed" size="xs">({query.data.timeZone})</Text></Text>
                {query.data.timeZone !== viewerZone && <Text size="xs" c="dimmed">{formatInstant(iso)} your time</Text>}
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
