import { requestDeletion } from '@scanbase/contracts/account-deletion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Schedules the deletion (`account/deletion/request`) with the typed company name and the owner's password. */
export function useRequestDeletion() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyName: string; password: string }) => v2.call(requestDeletion, input),
    onSuccess: (status) => client.setQueryData(['account-deletion'], status),
  });
}
