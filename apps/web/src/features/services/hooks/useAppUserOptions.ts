import { listAppUsers } from '@scanbase/contracts/app-users';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's app users for a checklist (the first 500 by name). */
export function useAppUserOptions() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['appusers', 'options'], queryFn: () => v2.call(listAppUsers, { page: 1, limit: 500, sortby: 'username', sortdirection: 'asc' }) });
}
