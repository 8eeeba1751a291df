import { listDatabases } from '@scanbase/contracts/databases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type DatabaseListParams = { page: number; limit: number; search?: string; sortby?: string; sortdirection?: 'asc' | 'desc' };

/** A page of the account's databases with value counts (`databases/list`). */
export function useDatabaseList(params: DatabaseListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['databases', 'list', params], queryFn: () => v2.call(listDatabases, params), placeholderData: keepPreviousData });
}
