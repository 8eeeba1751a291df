import { listServices } from '@scanbase/contracts/services';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Service names by id (the first 500), to say which services ask a question. */
export function useServiceNames() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['services', 'names'],
    queryFn: () => v2.call(listServices, { page: 1, limit: 500 }),
    select: (reply) => new Map(reply.items.map((service) => [service.id, service.name] as const)),
  });
}
