import { tableBuilderRows } from '@scanbase/contracts/table-builder';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The table's columns (its questions, in order) and the key's header, read with an empty page of `table-builder/rows`. */
export function useTableColumns(id: number) {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['table-builder', 'columns', id],
    queryFn: async () => {
      const page = await v2.call(tableBuilderRows, { id, page: 1, limit: 1 });
      return { keyLabel: page.keyLabel, columns: page.columns };
    },
  });
}
