import type { TaskTypeInfo } from '@scanbase/contracts/tasks';

/** The task type of a run (`task.generatebarcode` -> `generatebarcode`); other background work keeps its name. */
export function taskTypeOfJob(jobType: string): string {
  return jobType.replace(/^task\./, '');
}

/** A task type's label from the catalogue, or its id in words while the catalogue is loading. */
export function taskTypeLabel(type: string, catalogue: readonly TaskTypeInfo[] | undefined): string {
  const plain = taskTypeOfJob(type);
  return catalogue?.find((info) => info.type === plain)?.label ?? plain.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}
