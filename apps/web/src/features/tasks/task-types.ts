import type { TaskTypeInfo } from '@scanbase/contracts/tasks';

/** A task type's label from the catalogue, or its id in words while the catalogue is loading. */
export function taskTypeLabel(type: string, catalogue: readonly TaskTypeInfo[] | undefined): string {
  return catalogue?.find((info) => info.type === type)?.label ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}
