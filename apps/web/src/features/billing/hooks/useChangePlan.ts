import { changePlan, type BillingPeriod, type ChangeTiming } from '@scanbase/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes plan now or schedules it (`plan/change`); plan, usage and invoices are read again after. */
export function useChangePlan() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { planId: string; period: BillingPeriod; timing: ChangeTiming }) => v2.call(changePlan, body),
    onSuccess: async (result) => {
      client.setQueryData(['billing', 'plan'], result.plan);
      await client.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
