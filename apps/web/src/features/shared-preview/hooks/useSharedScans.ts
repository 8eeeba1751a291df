import { portalScans } from '@scanbase/contracts/portals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortal } from '../../portal/hooks/usePortal';

export type SharedScansQuery = { serviceId?: number | undefined; search?: string | undefined; start?: string | undefined; end?: string | undefined; page: number; limit: number };

/** A page of the user portal's scans: own scans, or a shared service's (`app/portal/scans`). */
export function useSharedScans(q: SharedScansQuery) {
  const { client } = usePortal('userportal');
  return useQuery({ queryKey: ['portal', 'userportal', 'scans', q], queryFn: () => client.call(portalScans, q), placeholderData: keepPreviousData });
}
