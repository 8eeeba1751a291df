import { searchScans } from '@scanbase/contracts/scanner';
import { useState } from 'react';
import { useServices } from '../../../app/useServices';
import { newScanCount } from '../live-refresh';
import { filterBody, isNewestFirst, type SearchState } from '../search-query';
import { useThrottledLiveScans } from './useThrottledLiveScans';

type Options = { search: SearchState; shownTotal: number | undefined; refetch: () => unknown };

/**
 * Keeps a results page live. Sorted newest first on page 1, each new scan refetches the page (at most once a
 * second). Elsewhere the page stays still and the answer counts the matching scans that arrived since it
 * loaded (a one-row `scans/search`), for a "N new scans — show" chip.
 */
export function useNewScans({ search, shownTotal, refetch }: Options): number {
  const { v2 } = useServices();
  const filters = filterBody(search);
  const key = JSON.stringify(filters);
  const [latest, setLatest] = useState<{ key: string; total: number } | null>(null);
  const onTop = search.page === 1 && isNewestFirst(search);

  useThrottledLiveScans(() => {
    if (onTop) {
      void refetch();
      return;
    }
    v2.call(searchScans, { ...filters, page: 1, limit: 1 })
      .then((reply) => setLatest({ key, total: reply.total }))
      .catch((error: unknown) => console.error('Counting new scans failed', error));
  });
  return onTop || latest?.key !== key ? 0 : newScanCount(shownTotal, latest.total);
}
