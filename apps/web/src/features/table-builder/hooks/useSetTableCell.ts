import { tableBuilderCellUpdate } from '@scanbase/contracts/table-builder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Sets one cell as the administrator (`table-builder/cell-update`); the grid and the row's history refresh. */
export function useSetTableCell(id: number) {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rowId: number; questionId: number; value: string }) => v2.call(tableBuilderCellUpdate, { id, ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['table-builder'] }),
  });
}
