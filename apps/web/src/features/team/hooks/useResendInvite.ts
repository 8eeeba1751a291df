import { resendTeamInvite } from '@scanbase/contracts/team';
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Mails a pending invitation again with a new link (`team/resend-invite`); the old link stops working. */
export function useResendInvite() {
  const { v2 } = useServices();
  return useMutation({ mutationFn: (id: number) => v2.call(resendTeamInvite, { id }) });
}
