// Loading, empty and error states, and QueryView, which picks the right one for a query so every screen shows all three.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Center py="xl">
      <Text c="dimmed" ta="center" data-testid="empty-state">
        {children}
      </Text>
    </Center>
  );
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    // Schema failures name their first issue in the message already; the list is added when it says more than that.
    const issues = err.issues.map((issue) => `${issue.path}: ${issue.message}`);
    const said = issues.length === 1 && err.message.includes(issues[0]!);
    return issues.length > 0 && !said ? `${err.message} (${issues.join('; ')})` : err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export function ErrorState({ error, retry, title = 'Something went wrong' }: { error: unknown; retry?: () => void; title?: string }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {error instanceof ApiError && error.code && <Text size="xs" c="dimmed">code: {error.code}</Text>}
        {retry && (
          <Button size="xs" variant="light" color="red" onClick={retry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Renders loading and error states of a query, the empty state when `isEmpty` says so, and the children otherwise. */
export function QueryView<T>(props: {
  query: UseQueryResult<T>;
  loading?: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Loading label={props.loading} />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (props.isEmpty?.(query.data)) return <Empty>{props.empty ?? 'Nothing here yet.'}</Empty>;
  return <>{props.children(query.data)}</>;
}
