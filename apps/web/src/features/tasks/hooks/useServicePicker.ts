import { listServices } from '@scanbase/contracts/services';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's services for a task's service filter (`services/list`, the first 500 by name). */
export function useServicePicker() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['services', 'picker'],
    queryFn: async () => {
      const reply = await v2.call(listServices, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' });
      return { items: reply.items.map((service) => ({ id: service.id, name: service.name })), total: reply.total };
    },
  });
}
