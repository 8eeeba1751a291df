import { cancelDeletion } from '@scanbase/contracts/account-deletion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Keeps the account (`account/deletion/cancel`), from the page or with the mailed restore token. */
export function useCancelDeletion() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({ mutationFn: (token?: string) => v2.call(cancelDeletion, token ? { token } : {}), onSettled: () => client.invalidateQueries({ queryKey: ['account-deletion'] }) });
}
