import { shareLinkCellUpdate } from '@scanbase/contracts/table-builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Changes a cell through an editable share link (`share-link/cell-update`, no sign-in); the shared table is read again. */
export function useShareCellUpdate(link: { taskId: string; token: string; password: string }) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rowId: number; questionId: number; value: string }) =>
      v2.call(shareLinkCellUpdate, { taskId: link.taskId, token: link.token, ...(link.password ? { password: link.password } : {}), ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['share-link'] }),
  });
}
