import { createTask } from '@scanbase/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { CreateTaskBody } from '../task-form';

/** Creates a task (`tasks/create`); with runNow the reply carries the first run's id. */
export function useCreateTask() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => v2.call(createTask, body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['tasks'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
