import { deleteDatabase } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes a database and its values (`databases/delete`); the server refuses (CONFLICT) while a service uses it. */
export function useDeleteDatabase() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteDatabase, { id }),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: ['databases', 'get', id] });
      return client.invalidateQueries({ queryKey: ['databases', 'list'] });
    },
  });
}
