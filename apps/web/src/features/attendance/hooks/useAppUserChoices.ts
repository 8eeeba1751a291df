import { listAppUsers } from '@scanbase/contracts/app-users';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's app users (first 500 by name), to choose leaders and scanners. */
export function useAppUserChoices() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['appusers', 'picker', 'attendance'], queryFn: () => v2.call(listAppUsers, { page: 1, limit: 500, sortby: 'username', sortdirection: 'asc' }) });
}
