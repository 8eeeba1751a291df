import { getTask } from '@scanbase/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** One task (`tasks/get`); disabled while the id is not a number. */
export function useTask(id: number | null) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['tasks', 'get', id], enabled: id !== null, queryFn: () => v2.call(getTask, { id: id ?? 0 }) });
}
