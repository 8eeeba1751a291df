import { deleteBrandingLogo } from '@scanbase/contracts/branding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Removes the logo (`branding/logo/delete`). */
export function useRemoveLogo() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => v2.call(deleteBrandingLogo, {}),
    onSuccess: (saved) => client.setQueryData(['branding'], saved),
  });
}
