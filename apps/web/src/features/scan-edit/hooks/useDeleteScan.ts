import { deleteScans } from '@scanbase/contracts/scanner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes one scan (`scans/delete`); search lists, uploads and the dashboard refetch. */
export function useDeleteScan() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(deleteScans, { ids: [id] }),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: ['scans', 'get', id] });
      void client.invalidateQueries({ predicate: (query) => ['scans', 'uploads', 'dashboard'].includes(String(query.queryKey[0])) });
    },
  });
}
