import { logisticsPackages } from '@scanbase/contracts/logistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Where every package of an instance is (`logistics/packages`), a page at a time. */
export function useLogisticsPackages(q: { id: number; page: number; limit: number; search: string; late: boolean }) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['logistics', 'packages', q],
    queryFn: () => v2.call(logisticsPackages, { id: q.id, page: q.page, limit: q.limit, search: q.search.trim() || undefined, late: q.late }),
    placeholderData: keepPreviousData,
  });
}
