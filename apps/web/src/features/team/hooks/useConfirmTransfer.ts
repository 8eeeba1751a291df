import { confirmOwnershipTransfer } from '@scanbase/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { userFromSession } from '../../../session/current-user';

/**
 * The named member confirms with the mailed token (`team/transfer-ownership/confirm`). Their session is the owner's from
 * then on, so the signed-in user record is replaced (role owner, no account user id) and every cached answer is dropped.
 */
export function useConfirmTransfer() {
  const { v2, session } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => v2.call(confirmOwnershipTransfer, { token }),
    onSuccess: async (reply) => {
      const current = session.token;
      const settings = session.user?.settings;
      if (current) session.signIn(current, { ...userFromSession(reply.user), ...(settings ? { settings } : {}) });
      await client.invalidateQueries();
    },
  });
}
