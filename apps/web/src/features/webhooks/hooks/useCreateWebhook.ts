import { createWebhook, type WebhookEventType } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Subscribes a URL (`webhooks/create`); the reply holds the signing secret, shown once. */
export function useCreateWebhook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; description: string; events: WebhookEventType[]; serviceIds: number[] }) => v2.call(createWebhook, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
