import { renameApiKey } from '@scanbase/contracts/api-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Renames an API key (`apikeys/rename`). */
export function useRenameApiKey() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) => v2.call(renameApiKey, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apikeys'] }),
  });
}
