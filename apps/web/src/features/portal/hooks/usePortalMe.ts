import { portalMe } from '@scanbase/contracts/portals';
import { useQuery } from '@tanstack/react-query';
import type { PortalFlow } from '../../../session/portal-flows';
import { usePortal } from './usePortal';

/** Who is signed in to the user or task portal and what is shared with them (`app/portal/me`). */
export function usePortalMe(flow: PortalFlow) {
  const { client } = usePortal(flow);
  return useQuery({ queryKey: ['portal', flow, 'me'], queryFn: () => client.call(portalMe, {}) });
}
