import { getDatabase } from '@scanbase/contracts/databases';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One database with its value count and the services using it (`databases/get`); disabled without an id. */
export function useDatabase(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['databases', 'get', id], enabled: id !== null, queryFn: () => v2.call(getDatabase, { id: id ?? 0 }) });
}
