import { listPlans } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The install's plans to compare (`plans/list`). */
export function usePlans() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['billing', 'plans'], queryFn: () => v2.call(listPlans, {}) });
}
