import { getMyPlan } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's plan, period and usage against each limit (`plan/get`). */
export function useMyPlan() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'plan'], queryFn: () => v2.call(getMyPlan, {}) });
}
