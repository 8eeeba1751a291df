import { uploadBrandingLogo } from '@scanbase/contracts/branding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

/** Uploads the logo (`branding/logo`, multipart). */
export function useUploadLogo() {
  const { v2 } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => v2.call(uploadBrandingLogo, {}, { logo: file }),
    onSuccess: (saved) => client.setQueryData(['branding'], saved),
  });
}
