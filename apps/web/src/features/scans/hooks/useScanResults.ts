import { searchScans } from '@scanbase/contracts/scanner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';
import { searchBody, type SearchState } from '../search-query';

/** A page of scans matching the search (`scans/search`), with answers, properties and the total. */
export function useScanResults(search: SearchState) {
  const { v2 } = useServices();
  const body = searchBody(search);
  return useQuery({ queryKey: ['scans', 'search', body], queryFn: () => v2.call(searchScans, body), placeholderData: keepPreviousData, retry: retryUnlessRefused });
}
