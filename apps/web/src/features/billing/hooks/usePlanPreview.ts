import { previewPlanChange, type BillingPeriod, type ChangeTiming } from '@scanbase/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** What a change costs now and when it takes effect (`plan/preview-change`); nothing changes. */
export function usePlanPreview(input: { planId: string; period: BillingPeriod; timing: ChangeTiming } | null) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['billing', 'preview', input],
    queryFn: () => v2.call(previewPlanChange, input!),
    enabled: input !== null,
    staleTime: 0,
  });
}
