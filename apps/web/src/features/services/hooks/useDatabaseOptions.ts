import { listDatabases } from '@scanbase/contracts/databases';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's databases for a picker (the first 500 by name). */
export function useDatabaseOptions() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['databases', 'options'], queryFn: () => v2.call(listDatabases, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' }) });
}
