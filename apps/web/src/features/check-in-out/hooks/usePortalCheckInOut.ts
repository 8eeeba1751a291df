import { portalCheckInOutRoster } from '@scanbase/contracts/check-in-out';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setPortalRoute } from '../../portal/portal-services';
import { usePortal } from '../../portal/hooks/usePortal';

/** The check-in/out portal's client and user; tells the client which page is shown (a refused token leads to the portal's sign-in). */
export function usePortalCheckInOut(routeName: 'CIO.index' | 'CIO.valueresponse') {
  useEffect(() => setPortalRoute(routeName), [routeName]);
  return usePortal('checkinout');
}

/** The portal roster of an instance (`app/checkinout/roster`). */
export function usePortalRoster(q: { id: number; page: number; limit: number; search: string; state?: 'in' | 'out' | undefined }) {
  const { client } = usePortalCheckInOut('CIO.index');
  return useQuery({
    queryKey: ['portal', 'checkinout', 'roster', q],
    queryFn: () => client.call(portalCheckInOutRoster, { id: q.id, page: q.page, limit: q.limit, search: q.search.trim() || undefined, state: q.state }),
    placeholderData: keepPreviousData,
  });
}
