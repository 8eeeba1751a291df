import { getPortalAccess } from '@scanbase/contracts/portals';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** An app user's portal access and what is shared with them (`portals/access/get`). */
export function usePortalAccess(appUserId: number) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['portals', 'access', appUserId], queryFn: () => v2.call(getPortalAccess, { appUserId }) });
}
