import { listNotifications } from '@scanbase/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Who is told what when each task ends (`tasks/notifications`). */
export function useTaskNotifications() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['tasks', 'notifications'], queryFn: () => v2.call(listNotifications, {}) });
}
