import { hooksUnsubscribe } from '@scanbase/contracts/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Removes a REST hook (`hooks/unsubscribe`): the Zap or scenario stops getting events until it subscribes again. */
export function useRemoveRestHook() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(hooksUnsubscribe, { id }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['integrations', 'hooks'] }), client.invalidateQueries({ queryKey: ['webhooks'] })]),
  });
}
