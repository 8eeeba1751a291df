import { scanToExcelLinkCreate } from '@scanbase/contracts/scan-to-excel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Makes a new secret link, revoking the old one (`scan-to-excel/link-create`); the answer is the only time the link is shown. */
export function useCreateSheetLink(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v2.call(scanToExcelLinkCreate, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['scan-to-excel', 'link', id] }),
  });
}
