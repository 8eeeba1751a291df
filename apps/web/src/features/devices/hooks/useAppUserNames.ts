import { listAppUsers } from '@scanbase/contracts/app-users';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Usernames by app user id (first 500), to say who signed in on each device. */
export function useAppUserNames() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['appusers', 'names'],
    queryFn: async () => new Map((await v2.call(listAppUsers, { page: 1, limit: 500 })).items.map((user) => [user.id, user.username])),
  });
}
