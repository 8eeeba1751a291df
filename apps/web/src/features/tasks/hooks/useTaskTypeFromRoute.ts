import { taskTypes, type TaskType } from '@scanbase/contracts/tasks';
import { useRouterState } from '@tanstack/react-router';

/** The task type of the current `account.tasks.<type>.create|edit` route, or null elsewhere. */
export function useTaskTypeFromRoute(): TaskType | null {
  const name = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.def?.name });
  const type = name?.split('.')[2];
  return type !== undefined && (taskTypes as readonly string[]).includes(type) ? (type as TaskType) : null;
}
