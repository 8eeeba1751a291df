import { addValue } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Adds one value (`databases/add-value`); CONFLICT when it is already in the database. */
export function useAddValue() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; value: string; response: string; validity: 0 | 1; trim: boolean }) => v2.call(addValue, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
