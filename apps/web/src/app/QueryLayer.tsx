import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AppServices } from './services';
import { useServices } from './useServices';

const clients = new WeakMap<AppServices, QueryClient>();

/** The query cache of these services: refetches what live updates name, emptied at sign-out. */
export function queryClientFor(services: AppServices): QueryClient {
  let client = clients.get(services);
  if (!client) {
    const created = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } });
    services.live.onMessage((message) => void created.invalidateQueries({ queryKey: [message.topic] }));
    services.session.on('post-signout', () => created.clear());
    clients.set(services, created);
    client = created;
  }
  return client;
}

/**
 * Provides TanStack Query to the pages below it. It lives in the lazily loaded shell (and portal
 * frames), not the app root, so the sign-in page does not download the query library.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClientFor(useServices())}>{children}</QueryClientProvider>;
}
