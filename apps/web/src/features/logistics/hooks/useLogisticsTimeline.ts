import { logisticsTimeline } from '@scanbase/contracts/logistics';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One package's stage and scans (`logistics/timeline`), while a package is open. */
export function useLogisticsTimeline(id: number, value: string | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['logistics', 'timeline', id, value],
    queryFn: () => v2.call(logisticsTimeline, { id, value: value ?? '' }),
    enabled: value !== null,
  });
}
