import type { Privileges } from '@scanbase/contracts/roles';
import { inviteTeamMember } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Invites a team member by email with a role and privileges (`team/invite`); the server mails the link. */
export function useInviteMember() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; role: string; privileges: Privileges }) => v2.call(inviteTeamMember, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['team', 'list'] }),
  });
}
