import { updateTask } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { UpdateTaskBody } from '../task-form';

/** Saves changes to a task (`tasks/update`). */
export function useUpdateTask() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaskBody) => v2.call(updateTask, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tasks'] }),
  });
}
