import type { AbMatchingSettings } from '@scanbase/contracts/ab-matching';
import type { SpecializedInstanceDetail } from '@scanbase/contracts/specialized';
import { useUpdateSpecialized } from '../../specialized/hooks/useUpdateSpecialized';
import { readSettings } from '../ab-settings';

/** Saves a change of an instance's settings (the rest kept as they are) and, when given, its name. */
export function useSaveAbSettings(instance: SpecializedInstanceDetail) {
  const update = useUpdateSpecialized();
  return {
    pending: update.isPending,
    save: (patch: Partial<AbMatchingSettings>, name?: string) => update.mutateAsync({ id: instance.id, name, settings: { ...readSettings(instance.settings), ...patch } }),
  };
}
