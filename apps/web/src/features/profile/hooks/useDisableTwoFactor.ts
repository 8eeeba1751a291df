import { disableTwoFactor } from '@scanbase/contracts/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Switches your two-factor sign-in off with your password or a current code (`me/two-factor/disable`). */
export function useDisableTwoFactor() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proof: { password: string } | { code: string }) => v2.call(disableTwoFactor, proof),
    onSuccess: (status) => client.setQueryData(['me', 'two-factor'], status),
  });
}
