import { updateBusinessDetails, type BusinessDetails } from '@scanbase/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Saves the billing address, tax id and billing email (`billing/business/update`). */
export function useUpdateBusinessDetails() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessDetails) => v2.call(updateBusinessDetails, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'overview'] }),
  });
}
