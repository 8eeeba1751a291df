import { taskCatalogue } from '@scanbase/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Task types with their descriptions and whether they can run on this install (`tasks/catalogue`). */
export function useTaskCatalogue() {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['tasks', 'catalogue'], queryFn: () => v2.call(taskCatalogue, {}), staleTime: 5 * 60_000 });
}
