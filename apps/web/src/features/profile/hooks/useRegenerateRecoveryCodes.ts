import { regenerateRecoveryCodes } from '@scanbase/contracts/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Replaces your recovery codes for a current code (`me/two-factor/recovery-codes`). */
export function useRegenerateRecoveryCodes() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => v2.call(regenerateRecoveryCodes, { code }),
    onSuccess: (reply) => client.setQueryData(['me', 'two-factor'], reply.status),
  });
}
