import { getSpecialized } from '@scanbase/contracts/specialized';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One instance with its type settings (`specialized/get`); disabled while the id is unknown. */
export function useSpecializedInstance(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['specialized', 'get', id], queryFn: () => v2.call(getSpecialized, { id: id ?? 0 }), enabled: id !== null });
}
