import { deleteAppUser } from '@scanbase/contracts/app-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes an app user (`appusers/delete`); their scans stay. */
export function useDeleteAppUser() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteAppUser, { id }),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: ['appusers', 'get', id] });
      return client.invalidateQueries({ queryKey: ['appusers', 'list'] });
    },
  });
}
