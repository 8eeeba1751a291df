import { listServices } from '@scanbase/contracts/services';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's services by name, for choosing which ones an app user may scan with (`services/list`, up to 500). */
export function useServiceOptions() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['services', 'options'],
    queryFn: async () => {
      const reply = await v2.call(listServices, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' });
      return { items: reply.items.map((service) => ({ id: service.id, name: service.name, type: service.validationMethod })), total: reply.total };
    },
  });
}
