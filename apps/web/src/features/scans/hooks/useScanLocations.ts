import { scanLocations, type ScanFilters } from '@scanbase/contracts/scan-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';

/** Where the matching scans were taken (`scans/locations`: the newest 5,000 points, the tile server and its attribution). */
export function useScanLocations(filters: ScanFilters) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['scans', 'locations', filters], queryFn: () => v2.call(scanLocations, filters), placeholderData: keepPreviousData, retry: retryUnlessRefused });
}
