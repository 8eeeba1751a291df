import type { Privileges } from '@scanbase/contracts/roles';
import { updateTeamMember } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes a member's role and privileges (`team/update`); they apply to the member's next request. */
export function useUpdateMember() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; role: string; privileges: Privileges }) => v2.call(updateTeamMember, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
