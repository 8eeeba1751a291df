import { listTasks } from '@scanbase/contracts/tasks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type TaskListParams = { page: number; limit: number; search?: string; scheduledOnly: boolean };

/** A page of the account's tasks (`tasks/list`). */
export function useTaskList(params: TaskListParams) {
  const { v2 } = useServices();
  return useQuery({ queryKey: ['tasks', 'list', params], queryFn: () => v2.call(listTasks, params), placeholderData: keepPreviousData });
}
