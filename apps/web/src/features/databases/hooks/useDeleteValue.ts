import { deleteValue } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes one value (`databases/delete-value`). */
export function useDeleteValue() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; valueId: number }) => v2.call(deleteValue, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
