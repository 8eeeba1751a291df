import { searchScans } from '@scanbase/contracts/scanner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';
import { filterBody, searchBody, type SearchState } from '../search-query';

/**
 * A page of scans matching the search (`scans/search`), with answers, properties and the total. With
 * `countAll` the total is exact however many scans match; without, the server may stop counting at
 * 10,000 (`totalExact` false), which the page shows as "10,000+" with a "Count all" button.
 */
export function useScanResults(search: SearchState, countAll = false) {
  const { v2 } = useServices();
  const body = searchBody(search);
  return useQuery({
    queryKey: ['scans', 'search', body, countAll],
    queryFn: () => v2.call(searchScans, countAll ? { ...body, countAll: true } : body),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/**
 * Whether the user asked for the exact total of these filters ("Count all"), and the way to ask. The
 * request holds while only the page, page size or sort change; other filters count up to the cap again.
 */
export function useCountAll(search: SearchState): [boolean, () => void] {
  const key = JSON.stringify(filterBody({ ...search, sortBy: undefined, sortOrder: undefined }));
  const [countedFor, setCountedFor] = useState<string | null>(null);
  const request = useCallback(() => setCountedFor(key), [key]);
  return [countedFor === key, request];
}
