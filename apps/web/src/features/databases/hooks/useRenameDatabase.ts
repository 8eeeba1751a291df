import { renameDatabase } from '@scanbase/contracts/databases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Renames a database (`databases/rename`). */
export function useRenameDatabase() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) => v2.call(renameDatabase, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['databases'] }),
  });
}
