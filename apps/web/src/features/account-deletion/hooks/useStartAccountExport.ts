import { startAccountExport } from '@scanbase/contracts/account-deletion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Starts the "download everything" run (`account/deletion/export`). */
export function useStartAccountExport() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({ mutationFn: () => v2.call(startAccountExport, {}), onSettled: () => client.invalidateQueries({ queryKey: ['account-deletion'] }) });
}
