import { redeliverWebhook } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Sends a delivery's message again (`webhooks/redeliver`). */
export function useRedeliverWebhook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(redeliverWebhook, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
