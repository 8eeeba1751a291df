import { getDatabase } from '@scanbase/contracts/databases';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The roster database of an instance (name and how many people). */
export function useRosterDatabase(databaseId: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['databases', 'get', databaseId], queryFn: () => v2.call(getDatabase, { id: databaseId ?? 0 }), enabled: databaseId !== null });
}
