import { portalCheckInOutInstances } from '@scanbase/contracts/check-in-out';
import { useQuery } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';

/** The instances the portal user may open (`app/checkinout/instances`). */
export function usePortalInstances(enabled: boolean) {
  const { client } = usePortal('checkinout');
  return useQuery({ queryKey: ['portal', 'checkinout', 'instances'], queryFn: () => client.call(portalCheckInOutInstances, {}), enabled });
}
