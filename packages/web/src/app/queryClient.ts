import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries or focus refetches: every failed call already shows its message,
 * and a retry would show it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
