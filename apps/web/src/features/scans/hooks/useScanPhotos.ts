import { scanPhotos } from '@scanbase/contracts/scan-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';
import { filterBody, type SearchState } from '../search-query';

/** Default page size of the gallery (the route's own). */
export const PHOTOS_PER_PAGE = 48;

/** A page of the photos and signatures answered on the matching scans (`scans/photos`). */
export function useScanPhotos(search: SearchState) {
  const { v2 } = useServices();
  const body = { ...filterBody(search), page: search.page, limit: Math.min(search.limit, 200) };
  return useQuery({ queryKey: ['scans', 'photos', body], queryFn: () => v2.call(scanPhotos, body), placeholderData: keepPreviousData, retry: retryUnlessRefused });
}
