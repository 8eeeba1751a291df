import type { CheckInOutSettings } from '@scanbase/contracts/check-in-out';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { readSettings } from '../check-in-out-settings';

/** Saves a change of an instance's settings (the rest kept as they are) and, when given, its name. */
export function useSaveSettings(instance: SpecializedInstanceDetail) {
  const update = useUpdateSpecialized();
  return {
    pending: update.isPending,
    save: (patch: Partial<CheckInOutSettings>, name?: string) => update.mutateAsync({ id: instance.id, name, settings: { ...readSettings(instance.settings), ...patch } }),
  };
}
