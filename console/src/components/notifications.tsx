// Short-lived messages after an action ("Task created", "Control failed"), announced to screen readers through a live region.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Alert, Portal, Stack } from '@mantine/core';

export interface Notice {
  id: number;
  color: 'green' | 'red' | 'blue' | 'yellow';
  title: string;
  message?: string;
}

type Notify = (notice: Omit<Notice, 'id'>) => void;

const NotifyContext = createContext<Notify>(() => undefined);

let counter = 0;

export function Notifications({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const dismiss = useCallback((id: number) => setNotices((all) => all.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>(
    (notice) => {
      const id = ++counter;
      setNotices((all) => [...all.slice(-3), { ...notice, id }]);
      setTimeout(() => dismiss(id), notice.color === 'red' ? 10_000 : 5_000);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Portal>
        <Stack
          gap="xs" aria-live="polite" data-testid="notifications"
          style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, width: 'min(380px, calc(100vw - 32px))' }}
        >
          {notices.map((n) => (
            <Alert key={n.id} color={n.color} title={n.title} withCloseButton closeButtonLabel="Dismiss" onClose={() => dismiss(n.id)} variant="filled">
              {n.message}
            </Alert>
          ))}
        </Stack>
      </Portal>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
