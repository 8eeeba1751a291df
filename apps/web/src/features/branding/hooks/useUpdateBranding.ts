import { updateBranding } from '@scanbase/contracts/branding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';
import type { BrandingForm } from '../branding-form';

/** Saves changed branding fields (`branding/update`). */
export function useUpdateBranding() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<BrandingForm>) => v2.call(updateBranding, body),
    onSuccess: (saved) => client.setQueryData(['branding'], saved),
  });
}
