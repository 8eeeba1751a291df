import { checkInOutRoster } from '@scanbase/contracts/check-in-out';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The admin roster of an instance (`checkinout/roster`). */
export function useAdminRoster(q: { id: number; page: number; limit: number; search: string; state?: 'in' | 'out' | undefined }) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['checkinout', 'roster', q],
    queryFn: () => v2.call(checkInOutRoster, { id: q.id, page: q.page, limit: q.limit, search: q.search.trim() || undefined, state: q.state }),
    placeholderData: keepPreviousData,
  });
}
