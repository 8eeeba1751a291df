import { clearDatabase } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Removes every value of a database (`databases/clear`); answers how many went. */
export function useClearDatabase() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(clearDatabase, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
