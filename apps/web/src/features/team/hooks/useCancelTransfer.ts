import { cancelOwnershipTransfer } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The owner withdraws the pending transfer of ownership (`team/transfer-ownership/cancel`); the mailed link stops working. */
export function useCancelTransfer() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v2.call(cancelOwnershipTransfer, {}),
    onSettled: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
