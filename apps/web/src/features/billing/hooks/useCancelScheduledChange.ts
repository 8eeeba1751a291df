import { cancelScheduledChange } from '@scanbase/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Drops a scheduled plan change (`plan/cancel-scheduled`). */
export function useCancelScheduledChange() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v2.call(cancelScheduledChange, {}),
    onSuccess: (plan) => client.setQueryData(['billing', 'plan'], plan),
  });
}
