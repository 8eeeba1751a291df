import { updateWebhook, type WebhookEventType } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes a subscription, or pauses / resumes it (`webhooks/update`). */
export function useUpdateWebhook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; url?: string; description?: string; events?: WebhookEventType[]; serviceIds?: number[]; active?: boolean }) => v2.call(updateWebhook, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
