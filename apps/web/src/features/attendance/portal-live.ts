import { QueryClient } from '@tanstack/react-query';
import { LiveUpdates, websocketUrl } from '../../api/websocket-client';
import { portalServices } from '../portal/portal-services';

let client: QueryClient | undefined;
let live: LiveUpdates | undefined;

/** The attendance portal's own query cache (the admin shell's is not loaded on portal pages). */
export function portalQueryClient(): QueryClient {
  client ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 } } });
  return client;
}

/** The portal's live-updates socket, opened with the leader's app token: `attendance` messages refetch the portal's queries. */
export function portalLiveUpdates(): LiveUpdates {
  if (!live) {
    const created = new LiveUpdates({ url: websocketUrl(window.location), token: () => portalServices('attendance').session.token });
    created.onMessage((message) => {
      if (message.topic === 'attendance') void portalQueryClient().invalidateQueries({ queryKey: ['attendance-portal'] });
    });
    live = created;
  }
  return live;
}
