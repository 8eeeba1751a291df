import { scanToExcelLinkRevoke } from '@scanbase/contracts/scan-to-excel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Revokes the secret link (`scan-to-excel/link-revoke`): it answers "not found" from now on. */
export function useRevokeSheetLink(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v2.call(scanToExcelLinkRevoke, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['scan-to-excel', 'link', id] }),
  });
}
