// The console's shell: sign-in gate, navigation offering only what the role may do, and the screens' routes.
import type { ComponentType } from 'react';
import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { useSession } from './auth/session.tsx';
import { Empty, Loading } from './components/states.tsx';
import { AuditRunScreen } from './screens/audit/audit-run.tsx';
import { AuditScreen } from './screens/audit/audit-runs.tsx';
import { ChatScreen } from './screens/chat/chat.tsx';
import { DevicesScreen } from './screens/devices/devices.tsx';
import { KnowledgeScreen } from './screens/knowledge/knowledge.tsx';
import { ReviewsScreen } from './screens/reviews/reviews.tsx';
import { SchedulesScreen } from './screens/schedules/schedules.tsx';
import { SignIn } from './screens/sign-in.tsx';
import { SystemScreen } from './screens/system/system.tsx';

interface ScreenEntry {
  path: string;
  label: string;
  component: ComponentType;
  allowed(session: ReturnType<typeof useSession>): boolean;
}

export const SCREENS: ScreenEntry[] = [
  { path: '/chat', label: 'Chat', component: ChatScreen, allowed: (s) => s.can('chipchat.use') },
  { path: '/reviews', label: 'Reviews', component: ReviewsScreen, allowed: (s) => s.mayReview() },
  { path: '/schedules', label: 'Schedules', component: SchedulesScreen, allowed: (s) => s.can('scheduler.read') },
  { path: '/devices', label: 'Devices', component: DevicesScreen, allowed: (s) => s.can('dige.read') },
  { path: '/knowledge', label: 'Knowledge', component: KnowledgeScreen, allowed: (s) => s.can('rag.read') },
  { path: '/audit', label: 'Audit', component: AuditScreen, allowed: (s) => s.can('audit.read.own') },
  { path: '/system', label: 'System', component: SystemScreen, allowed: (s) => s.can('system.read') },
];

function Shell() {
  const session = useSession();
  const caller = session.caller!;
  const [location] = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const screens = SCREENS.filter((s) => s.allowed(session));

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <Anchor href="#main" className="skip-link">Skip to content</Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Title order={2} size="h4">Nexus</Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" visibleFrom="xs" data-testid="caller">{caller.userId}</Text>
            <Badge variant="light" title={caller.description ?? undefined}>{caller.role}</Badge>
            <Button size="xs" variant="default" onClick={() => session.signOut()}>Sign out</Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Screens">
        <ScrollArea>
          {screens.map((s) => (
            <NavLink
              key={s.path} component={Link} href={s.path} label={s.label} onClick={close}
              active={location === s.path || location.startsWith(`${s.path}/`)}
              aria-current={location === s.path || location.startsWith(`${s.path}/`) ? 'page' : undefined}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Switch>
          {screens.map((s) => (
            <Route key={s.path} path={s.path} component={s.component} />
          ))}
          {screens.some((s) => s.path === '/audit') && <Route path="/audit/runs/:id" component={AuditRunScreen} />}
          <Route path="/">{screens[0] ? <Redirect to={screens[0].path} replace /> : <Empty>Your role ({caller.role}) has no screens in this console.</Empty>}</Route>
          <Route>
            <Empty>This page does not exist, or your role may not see it.</Empty>
          </Route>
        </Switch>
      </AppShell.Main>
    </AppShell>
  );
}

export function App() {
  const { caller, restoring } = useSession();
  if (restoring) return <Loading label="Restoring your session…" />;
  return caller ? <Shell /> : <SignIn />;
}
