import { QueryClient } from '@tanstack/react-query';
import type { PortalFlow } from '../../session/portal-flows';
import { portalServices } from './portal-services';

const clients = new Map<PortalFlow, QueryClient>();

/** A portal's own query cache (the admin shell's is not loaded there); emptied when its user signs out. */
export function portalQueryClientFor(flow: PortalFlow): QueryClient {
  const existing = clients.get(flow);
  if (existing) return existing;
  const made = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } } });
  const { session } = portalServices(flow);
  session.subscribe(() => {
    if (session.token === null) made.clear();
  });
  clients.set(flow, made);
  return made;
}
