import { deleteWebhook } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes a subscription with its delivery log (`webhooks/delete`). */
export function useDeleteWebhook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteWebhook, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
