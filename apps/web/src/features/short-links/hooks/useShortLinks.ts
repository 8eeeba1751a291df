import type { ShortLinkStatus } from '@scanbase/contracts/short-links';
import { listShortLinks } from '@scanbase/contracts/short-links';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One page of the account's short links (`links/list`), keeping the previous page while the next loads. */
export function useShortLinks(query: { page: number; search?: string; status?: ShortLinkStatus }) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['links', 'list', query],
    queryFn: () => v2.call(listShortLinks, { page: query.page, limit: 25, search: query.search, status: query.status }),
    placeholderData: keepPreviousData,
  });
}
