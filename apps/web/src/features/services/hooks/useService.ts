import { getService } from '@scanbase/contracts/services';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One service with its users and questions (`services/get`); disabled while the id is not a number. */
export function useService(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['services', 'get', id], enabled: id !== null, queryFn: () => v2.call(getService, { id: id ?? 0 }) });
}
