import { startOwnershipTransfer } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The owner names an active member as the new owner (`team/transfer-ownership`); the member is mailed a link to confirm. */
export function useStartTransfer() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(startOwnershipTransfer, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
