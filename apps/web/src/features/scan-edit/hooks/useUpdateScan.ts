import { updateScan } from '@scanbase/contracts/scanner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { UpdateScanBody } from '../scan-edit-form';

/** Saves the changes of a scan (`scans/update`); the reply (with the new history) becomes the editor's data, lists refetch. */
export function useUpdateScan() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScanBody) => v2.call(updateScan, body),
    onSuccess: (scan) => {
      client.setQueryData(['scans', 'get', scan.id], scan);
      void client.invalidateQueries({ predicate: (query) => (query.queryKey[0] === 'scans' && query.queryKey[1] !== 'get' && query.queryKey[1] !== 'file') || query.queryKey[0] === 'dashboard' });
    },
  });
}
