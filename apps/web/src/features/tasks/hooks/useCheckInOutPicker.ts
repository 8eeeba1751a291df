import { listSpecialized } from '@scanbase/contracts/specialized';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's check in/out services for a task's instance picker (`specialized/list`, the first 500 by name). */
export function useCheckInOutPicker() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['specialized', 'picker', 'check-in-out'],
    queryFn: async () => {
      const reply = await v2.call(listSpecialized, { page: 1, limit: 500, type: 'check-in-out', sortby: 'name', sortdirection: 'asc' });
      return { items: reply.items.map((i) => ({ id: i.id, name: i.name })), total: reply.total };
    },
  });
}
