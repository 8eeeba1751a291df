import { getPlanStatus } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Whether the monthly scan quota is exceeded (`plan/status`), for the shell's banner; checked every 5 minutes. */
export function usePlanStatus(enabled: boolean) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'status'], queryFn: () => v2.call(getPlanStatus, {}), enabled, staleTime: 60_000, refetchInterval: 300_000 });
}
