import { listDatabases } from '@scanbase/contracts/databases';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's databases (first 500 by name), to pick an existing roster. */
export function useDatabaseChoices() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['databases', 'picker', 'attendance'], queryFn: () => v2.call(listDatabases, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' }) });
}
