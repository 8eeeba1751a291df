import { createApiKey } from '@scanbase/contracts/api-access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Creates an API key (`apikeys/create`); the reply holds the secret, shown once. */
export function useCreateApiKey() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => v2.call(createApiKey, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['apikeys'] }),
  });
}
