import { listTasks } from '@scanbase/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The account's tasks by name, for choosing which ones to share in the task portal (`tasks/list`, up to 500). */
export function useTaskOptions() {
  const { v2 } = useServices();
  return useQuery({
    queryKey: ['tasks', 'options'],
    queryFn: async () => {
      const reply = await v2.call(listTasks, { page: 1, limit: 500, sortby: 'name', sortdirection: 'asc' });
      return reply.items.map((task) => ({ id: task.id, name: task.name }));
    },
  });
}
