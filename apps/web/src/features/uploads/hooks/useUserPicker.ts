import { listAppUsers } from '@scanbase/contracts/app-users';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's app users for a filter (`appusers/list`, the first 500 by username). */
export function useUserPicker() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['appusers', 'picker'],
    queryFn: async () => {
      const reply = await v2.call(listAppUsers, { page: 1, limit: 500, sortby: 'username', sortdirection: 'asc' });
      return { items: reply.items.map((user) => ({ id: user.id, name: user.username })), total: reply.total };
    },
  });
}
