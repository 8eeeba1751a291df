import type { ScanFilters } from '@scanbase/contracts/scan-data';
import { searchScans } from '@scanbase/contracts/scanner';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';

/** How many scans match the filters, exactly (`scans/search` with one row and `countAll`): the export dialog's "all N scans" and the map's summary. */
export function useScanTotal(filters: ScanFilters, enabled = true) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['scans', 'total', filters],
    enabled,
    retry: retryUnlessRefused,
    queryFn: async () => (await v2.call(searchScans, { ...filters, page: 1, limit: 1, countAll: true })).total,
  });
}
