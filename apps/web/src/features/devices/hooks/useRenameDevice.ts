import { renameDevice } from '@scanbase/contracts/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Renames a device (`devices/rename`). */
export function useRenameDevice() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) => v2.call(renameDevice, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['devices'] }),
  });
}
