import { runTask } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Queues a run of a task now (`tasks/run`); answers the new run id. */
export function useRunTask() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(runTask, { id }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tasks'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
