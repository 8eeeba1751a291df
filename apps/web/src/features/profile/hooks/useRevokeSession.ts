import { revokeSession } from '@scanbase/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Signs out one session by id, or every session but this one (`me/sessions/revoke`). */
export function useRevokeSession() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | { allOthers: true }) => v2.call(revokeSession, which),
    onSettled: () => client.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
