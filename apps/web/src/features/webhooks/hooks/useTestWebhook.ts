import { testWebhook } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Sends a `webhook.ping` to a subscription now and answers the delivery (`webhooks/test`). */
export function useTestWebhook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(testWebhook, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
