import { useSyncExternalStore } from 'react';
import type { PortalFlow } from '../../../session/portal-flows';
import { portalServices, type PortalServices } from '../portal-services';
import type { PortalUser } from '../portal-session';

/** A portal's session and client, re-rendering when someone signs in or out. */
export function usePortal(flow: PortalFlow): PortalServices & { user: PortalUser | null } {
  const services = portalServices(flow);
  useSyncExternalStore(services.session.subscribe, services.session.getVersion);
  return { ...services, user: services.session.user };
}
