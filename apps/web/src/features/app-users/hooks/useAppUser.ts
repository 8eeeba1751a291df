import { getAppUser } from '@scanbase/contracts/app-users';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One app user (`appusers/get`); disabled without an id. */
export function useAppUser(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['appusers', 'get', id], enabled: id !== null, queryFn: () => v2.call(getAppUser, { id: id ?? 0 }) });
}
