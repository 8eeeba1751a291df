import { requireTwoFactor } from '@scanbase/contracts/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** The owner requires (or stops requiring) two-factor sign-in of the whole team (`settings/require-two-factor`). */
export function useRequireTwoFactor() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => v2.call(requireTwoFactor, { required }),
    onSuccess: (settings) => client.setQueryData(['settings'], settings),
  });
}
