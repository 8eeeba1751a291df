import { updateAppUser } from '@scanbase/contracts/app-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type AppUserChanges = { id: number; username?: string; password?: string; deviceLimit?: number | null; serviceIds?: number[] };

/** Changes username, password, device limit or services of an app user (`appusers/update`). */
export function useUpdateAppUser() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppUserChanges) => v2.call(updateAppUser, body),
    onSuccess: (user) => {
      client.setQueryData(['appusers', 'get', user.id], user);
      return client.invalidateQueries({ queryKey: ['appusers', 'list'] });
    },
  });
}
