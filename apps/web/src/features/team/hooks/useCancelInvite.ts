import { cancelTeamInvite } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Withdraws a pending invitation (`team/cancel-invite`): the invited member leaves the list and the link stops working. */
export function useCancelInvite() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(cancelTeamInvite, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
