// Mounts the console: Mantine's theme (system fonts, nothing fetched from elsewhere), the query cache, the session, the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from './components/notifications.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@mantine/core/styles.css';
import './app.css';
import { ApiError } from './api/client.ts';
import { SessionProvider } from './auth/session.tsx';
import { App } from './app.tsx';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; a network error or 5xx might.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications>
          <SessionProvider>
            <App />
          </SessionProvider>
        </Notifications>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
