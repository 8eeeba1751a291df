import { tableBuilderRow } from '@scanbase/contracts/table-builder';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One row with its history of changes (`table-builder/row`). */
export function useTableRow(id: number, rowId: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['table-builder', 'row', id, rowId], queryFn: () => v2.call(tableBuilderRow, { id, rowId: rowId ?? 0 }), enabled: rowId !== null });
}
