import { setPortalAccess, type PortalAccess } from '@scanbase/contracts/portals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Saves an app user's portal access and shares (`portals/access/set`). */
export function useSavePortalAccess() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalAccess) => v2.call(setPortalAccess, body),
    onSuccess: (saved) => client.setQueryData(['portals', 'access', saved.appUserId], saved),
  });
}
