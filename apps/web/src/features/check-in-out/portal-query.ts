import { QueryClient } from '@tanstack/react-query';
import { portalServices } from '../portal/portal-services';

let client: QueryClient | null = null;

/** The check-in/out portal's own query cache (the admin shell's is not loaded here); emptied when the portal user signs out. */
export function portalQueryClient(): QueryClient {
  if (!client) {
    const made = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } });
    const { session } = portalServices('checkinout');
    session.subscribe(() => {
      if (session.token === null) made.clear();
    });
    client = made;
  }
  return client;
}
