import { removeTeamMember } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Removes a member (`team/remove`); the server ends their sessions at once. */
export function useRemoveMember() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(removeTeamMember, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
