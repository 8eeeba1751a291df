import { tableBuilderRows, type TableQuery } from '@scanbase/contracts/table-builder';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import { useLiveTable } from './useLiveTable';

/** A page of the table, filtered and sorted (`table-builder/rows`), refreshed live as rows change; `countAll` lifts the 10,000 cap of a filtered count. */
export function useTableRows(id: number, query: TableQuery, page: number, limit: number, countAll = false) {
  const { v2 } = useServices();
  const client = useQueryClient();
  useLiveTable(id, () => void client.invalidateQueries({ queryKey: ['table-builder', 'rows', id] }));
  return useQuery({ queryKey: ['table-builder', 'rows', id, query, page, limit, countAll], queryFn: () => v2.call(tableBuilderRows, { id, ...query, page, limit, countAll }), placeholderData: keepPreviousData });
}
