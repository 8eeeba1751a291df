import { listDatabases } from '@scanbase/contracts/databases';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's databases for a task's database picker (`databases/list`, the first 500 by name). */
export function useDatabasePicker() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['databases', 'picker'],
    queryFn: async () => {
      const reply = await v2.call(listDatabases, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' });
      return { items: reply.items.map((db) => ({ id: db.id, name: db.name, valueCount: db.valueCount })), total: reply.total };
    },
  });
}
