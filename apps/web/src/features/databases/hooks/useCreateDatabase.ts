import { createDatabase } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Creates a database (`databases/create`); its case sensitivity is fixed from then on. */
export function useCreateDatabase() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; caseSensitive: boolean }) => v2.call(createDatabase, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
