import { deleteScans } from '@scanbase/contracts/scanner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Deletes scans by id (`scans/delete`, all or nothing), then refreshes every scans view. */
export function useDeleteScans() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => v2.call(deleteScans, { ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['scans'] }),
  });
}
