import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isStatus } from './api';
import { App } from './App';
import { SESSION_KEY, markSessionExpired } from './session';
import './styles.css';

/**
 * Server state lives in TanStack Query: each page asks for what it shows, answers are cached and
 * shared between pages, and a change refreshes what it touched. A 401 anywhere means the session
 * ended (idle, expired, signed out elsewhere): the app goes back to the sign-in form.
 */
const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (isStatus(error, 401) && query.queryKey[0] !== SESSION_KEY[0]) {
        markSessionExpired();
        queryClient.setQueryData(SESSION_KEY, null);
      }
    },
  }),
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isStatus(error, 401)) {
        markSessionExpired();
        queryClient.setQueryData(SESSION_KEY, null);
      }
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 2 && !isStatus(error, 401) && !isStatus(error, 404) && !isStatus(error, 400),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
