import { rotateWebhookSecret } from '@scanbase/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Makes a new signing secret (`webhooks/rotate-secret`); the old one keeps signing for 24 hours. */
export function useRotateWebhookSecret() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(rotateWebhookSecret, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhooks', 'list'] }),
  });
}
