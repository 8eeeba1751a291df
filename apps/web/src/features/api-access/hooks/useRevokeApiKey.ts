import { revokeApiKey } from '@scanbase/contracts/api-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Revokes an API key (`apikeys/revoke`): calls with it fail with legacy error 100 from then on. */
export function useRevokeApiKey() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2.call(revokeApiKey, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apikeys'] }),
  });
}
