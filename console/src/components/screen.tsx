// The frame of every screen: its heading (focused on arrival, for keyboard and screen-reader users), the page title, and actions.
import { useEffect, useRef, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export function Screen({ title, description, actions, children }: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Nexus console`;
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {description && <Text c="dimmed" size="sm">{description}</Text>}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
