import type { ScanFilters } from '@scanbase/contracts/scan-data';
import { scanStatistics } from '@scanbase/contracts/scan-data';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { retryUnlessRefused } from '../query-retry';
import type { BucketChoice } from '../statistics-series';

/** Counts of the matching scans over time, by service, by user and by result (`scans/statistics`). */
export function useScanStatistics(filters: ScanFilters, bucket: BucketChoice) {
  const { v2 } = useServices();
  const body = bucket === 'auto' ? filters : { ...filters, bucket };
  return useQuery({ queryKey: ['scans', 'statistics', body], queryFn: () => v2.call(scanStatistics, body), placeholderData: keepPreviousData, retry: retryUnlessRefused });
}
